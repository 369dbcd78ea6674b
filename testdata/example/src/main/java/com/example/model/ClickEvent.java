package com.example.model;

import java.time.Instant;
import java.util.Locale;

/** A single click on the shop front-end, as published to Kafka by the web tier. */
public class ClickEvent {

    /** What the user did. */
    public enum Action { VIEW, ADD_TO_CART, CHECKOUT, PURCHASE }

    private String userId;
    private String sessionId;
    private String page;
    private Action action;
    private double amount;
    private Instant timestamp;

    /** Flink POJO rules: public no-arg constructor plus getters/setters. */
    public ClickEvent() {}

    public ClickEvent(String userId, String sessionId, String page, Action action, double amount, Instant timestamp) {
        this.userId = userId;
        this.sessionId = sessionId;
        this.page = page;
        this.action = action;
        this.amount = amount;
        this.timestamp = timestamp;
    }

    /** Returns a copy with the page path lower-cased and the query string stripped. */
    public ClickEvent normalized() {
        String path = page == null ? "" : page.toLowerCase(Locale.ROOT);
        int query = path.indexOf('?');
        return new ClickEvent(userId, sessionId, query < 0 ? path : path.substring(0, query), action, amount, timestamp);
    }

    public String getUserId() { return userId; }
    public void setUserId(String userId) { this.userId = userId; }

    public String getSessionId() { return sessionId; }
    public void setSessionId(String sessionId) { this.sessionId = sessionId; }

    public String getPage() { return page; }
    public void setPage(String page) { this.page = page; }

    public Action getAction() { return action; }
    public void setAction(Action action) { this.action = action; }

    public double getAmount() { return amount; }
    public void setAmount(double amount) { this.amount = amount; }

    public Instant getTimestamp() { return timestamp; }
    public void setTimestamp(Instant timestamp) { this.timestamp = timestamp; }

    @Override
    public String toString() {
        return "ClickEvent{" + userId + ", " + sessionId + ", " + page + ", " + action + ", " + amount + ", " + timestamp + "}";
    }
}
