package dev.flinklint.fixes.flink2;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The broken job (written for 1.20, which the module fixes-flink2 compiles and runs) does not
 * compile against this module's Flink 2.x: javac, given the test's class path, rejects each
 * removed API the fix rewrites. (javac says nothing of timeWindow, on a stream whose source
 * it could not type: KeyedStream has none.)
 */
class BrokenJobOnFlink2Test {

    /** What javac says of each removed API, in the order the fix handles them. */
    static final List<String> REMOVED = List.of(
            "package org.apache.flink.api.java.utils does not exist", // ParameterTool
            "symbol:   class TimeCharacteristic",
            "symbol:   class SourceFunction",
            "package org.apache.flink.streaming.api.windowing.time does not exist", // Time
            "method does not override or implement a method from a supertype"); // open(Configuration)

    @Test
    void brokenJob_doesNotCompileOnFlink2() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<Path> sources;
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("proof.broken")))) {
            sources = files.filter(p -> p.toString().endsWith(".java")).toList();
        }
        boolean compiled;
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-classpath", System.getProperty("java.class.path"), "-proc:none",
                    "-Xmaxerrs", "500", "-d", Files.createTempDirectory("broken-on-flink2").toString());
            compiled = javac.getTask(null, fm, diagnostics, options, null, fm.getJavaFileObjectsFromPaths(sources)).call();
        }
        String errors = diagnostics.getDiagnostics().stream()
                .map(d -> d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
                .collect(Collectors.joining("\n"));
        System.out.println("javac on Flink " + System.getProperty("proof.flink") + ":\n" + errors);
        assertFalse(compiled, "the broken job compiled on Flink 2.x");
        for (String removed : REMOVED) {
            assertTrue(errors.contains(removed), "javac does not say \"" + removed + "\":\n" + errors);
        }
        assertTrue(Arrays.stream(KeyedStream.class.getMethods()).noneMatch(m -> m.getName().equals("timeWindow")),
                "KeyedStream has a timeWindow");
    }
}
