-- A SQL client init script (sql-client.sh -i init.sql -f clicks.sql): its
-- settings apply to the scripts of its directory. The legacy unquoted form
-- is read like the quoted one.
SET pipeline.auto-watermark-interval=0; -- want "the WATERMARK of table clicks emits"
SET pipeline.auto-watermark-interval = 0 ms; -- want "is 0, so periodic watermarks never advance"
SET pipeline.auto-watermark-interval=200ms;
SET 'execution.runtime-mode' = 'streaming';
