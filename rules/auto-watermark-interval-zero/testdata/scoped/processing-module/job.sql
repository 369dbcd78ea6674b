-- The processing-time job the configuration beside it belongs to.
CREATE TABLE orders (id STRING, amount INT, pt AS PROCTIME()) WITH ('connector' = 'datagen');
CREATE TABLE totals (id STRING, total INT) WITH ('connector' = 'print');
INSERT INTO totals SELECT id, SUM(amount) FROM orders GROUP BY id;
