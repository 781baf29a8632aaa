-- Games that finished before the final report was tracked have had theirs posted.
UPDATE tables SET meta = (meta::jsonb || '{"reported": true}'::jsonb)::text WHERE status = 'finished';
