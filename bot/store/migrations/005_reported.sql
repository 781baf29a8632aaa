-- Games that finished before the final report was tracked have had theirs posted.
UPDATE tables SET meta = json_set(meta, '$.reported', json('true')) WHERE status = 'finished';
