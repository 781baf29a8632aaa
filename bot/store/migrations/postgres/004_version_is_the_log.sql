-- A table's version is the number of events in its log; the row no longer keeps a copy of it.
ALTER TABLE tables DROP COLUMN version;
