-- How strong an AI seat plays: easy, normal or hard (bot/ai/__init__.py). People's seats keep NULL.
ALTER TABLE seats ADD COLUMN level TEXT;
