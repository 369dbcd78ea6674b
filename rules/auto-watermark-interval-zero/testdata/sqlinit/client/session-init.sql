-- An init script beside no job: the scripts it is given with are not in
-- the project, so the zero is reported where it is set.
SET pipeline.auto-watermark-interval=0; -- want "(?s)no job of the project is seen to use.*WATERMARK of table clicks"
