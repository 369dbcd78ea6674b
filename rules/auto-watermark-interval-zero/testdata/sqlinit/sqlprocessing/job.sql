-- A job script's own SET applies to it alone, not to the event-time
-- scripts of other directories: this one is processing time.
SET pipeline.auto-watermark-interval=0;
CREATE TABLE orders (id STRING, amount INT, pt AS PROCTIME()) WITH ('connector' = 'datagen');
CREATE TABLE totals (id STRING, total INT) WITH ('connector' = 'print');
INSERT INTO totals SELECT id, SUM(amount) FROM orders GROUP BY id;
