package jobs.model;

/** A record type of another package, which a file must import to name. */
public class Click {
    public String user;
    public long time;
}
