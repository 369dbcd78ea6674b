package dev.flinklint.fixes;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a job prints to stdout: a fix that sinks records with print() writes them there (a
 * TaskManager's .out file), and the mini cluster runs in the test's JVM. The print sink takes
 * System.out when it opens, so the stream is swapped for the whole run.
 */
final class Stdout {
    private Stdout() {}

    interface Run {
        void run() throws Exception;
    }

    /** The lines printed while r runs, in order. */
    static synchronized List<String> during(Run r) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setOut(saved);
        }
        return Arrays.stream(buf.toString(StandardCharsets.UTF_8).split("\n"))
                .filter(l -> !l.isEmpty())
                .collect(Collectors.toList());
    }
}
