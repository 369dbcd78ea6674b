package com.example.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;

/**
 * Parses the web tier's compact CSV format:
 * {@code epochMillis,userId,sessionId,page,action,amount}.
 */
public class ClickEventDeserializationSchema extends AbstractDeserializationSchema<ClickEvent> {

    private static final long serialVersionUID = 1L;

    @Override
    public ClickEvent deserialize(byte[] message) throws IOException {
        String[] f = new String(message, StandardCharsets.UTF_8).split(",", -1);
        if (f.length != 6) {
            throw new IOException("Expected 6 fields but got " + f.length);
        }
        return new ClickEvent(
                f[1],
                f[2],
                f[3],
                ClickEvent.Action.valueOf(f[4]),
                f[5].isEmpty() ? 0.0 : Double.parseDouble(f[5]),
                Instant.ofEpochMilli(Long.parseLong(f[0])));
    }
}
