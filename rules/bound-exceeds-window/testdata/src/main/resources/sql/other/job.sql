-- Another job (another directory): its window says nothing about the tables of job/.
SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE searches, DESCRIPTOR(ts), INTERVAL '1' SECOND)) GROUP BY window_start, window_end;
