CREATE VIEW recent_clicks AS SELECT user_id, ts FROM clicks WHERE user_id IS NOT NULL;

INSERT INTO clicks_per_minute
SELECT window_start, user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE recent_clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
GROUP BY window_start, window_end, user_id;

SELECT id, SESSION_START(order_time, INTERVAL '10' MINUTE), COUNT(*) FROM orders
GROUP BY id, SESSION(order_time, INTERVAL '10' MINUTE);

SELECT id, COUNT(*) FROM payments GROUP BY id, TUMBLE(pay_time, INTERVAL '1' HOUR);

SELECT * FROM TABLE(CUMULATE(DATA => TABLE shipments, TIMECOL => DESCRIPTOR(ship_time), STEP => INTERVAL '1' MINUTES, SIZE => INTERVAL '1' HOUR));

-- Look-alikes.
SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE views, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end;
SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE views, DESCRIPTOR(ts), INTERVAL '1' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end;
SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE searches, DESCRIPTOR(proc), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end;
SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE searches, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '1' HOUR)) GROUP BY window_start, window_end;
