package events;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Date;

/** A click event as it arrives from Kafka. */
public class Event {
    public String userId;
    public Instant time;
    public LocalDateTime createdAt;
    public long millis;
    public long createdSec;
    public long unixTime;
    public long ts_s;
    public Date date;

    public Instant getTime() { return time; }
    public LocalDateTime getCreatedAt() { return createdAt; }
    public long getMillis() { return millis; }
    public long getEventTimeSeconds() { return createdSec; }
    /** The creation time, in seconds since the epoch, as the producer sends it. */
    public long getTs() { return createdSec; }
    public long getTimestamp() { return millis; }
    public Date getDate() { return date; }
}
