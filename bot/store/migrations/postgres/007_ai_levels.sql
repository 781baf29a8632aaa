-- How strong an AI seat plays: easy, normal or hard. People's seats keep NULL.
ALTER TABLE seats ADD COLUMN level TEXT;
