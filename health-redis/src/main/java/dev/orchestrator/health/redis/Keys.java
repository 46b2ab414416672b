package dev.orchestrator.health.redis;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Key and channel names for one namespace (ADR 0021). Every key of a route shares the hash tag
 * {@code {ns:route}}, so each route script touches one Cluster slot; the namespace's index and
 * budget have their own tag, client spend (ADR 0022) the tag {@code {ns:spend}} and stored
 * responses (ADR 0029) the tag {@code {ns:responses}}. Immutable.
 */
final class Keys {
  private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private final String namespace;

  Keys(String namespace) {
    Objects.requireNonNull(namespace, "namespace");
    if (!NAMESPACE.matcher(namespace).matches()) {
      throw new IllegalArgumentException(
          "namespace: \"" + namespace + "\" (expected: 1 to 64 letters, digits, '.', '_' or '-')");
    }
    this.namespace = namespace;
  }

  String namespace() {
    return namespace;
  }

  /** The six keys of a route script, in {@code lib.lua}'s order. */
  String[] route(String route) {
    String tag = "{" + namespace + ":" + route + "}:";
    return new String[] {tag + "b", tag + "p", tag + "c", tag + "r", tag + "m", tag + "a"};
  }

  /** The sorted set of routes with state, scored by when their state expires (wall ms). */
  String index() {
    return "{" + namespace + "}:index";
  }

  /** The retry budget's counters. */
  String budget() {
    return "{" + namespace + "}:budget";
  }

  /**
   * A client's spend in one UTC day: a hash of process id → that process's spend (integer
   * nano-dollars), {@code {ns:spend}:<client>:d:2026-12-01}. Every spend key shares the tag {@code
   * {ns:spend}}, so one script may touch several (ADR 0022).
   */
  String spendDay(String client, LocalDate day) {
    return "{" + namespace + ":spend}:" + client + ":d:" + day;
  }

  /** A client's spend in one UTC month, {@code {ns:spend}:<client>:m:2026-12}; as above. */
  String spendMonth(String client, YearMonth month) {
    return "{" + namespace + ":spend}:" + client + ":m:" + month;
  }

  /**
   * The keys of the shared response store (ADR 0029), all with the tag {@code {ns:responses}}: the
   * index, the byte total, the sizes and, last, the entry of {@code id}.
   */
  String[] responses(String id) {
    String tag = responsesPrefix();
    return new String[] {tag + "index", tag + "bytes", tag + "sizes", tag + "r:" + id};
  }

  /** What every key of the response store starts with; an entry's key adds {@code r:<id>}. */
  String responsesPrefix() {
    return "{" + namespace + ":responses}:";
  }

  /**
   * A value the fleet shares besides route health (ADR 0033): a key's request counter ({@code c:})
   * or a session's route ({@code s:}), all with the tag {@code {ns:shared}}.
   */
  String shared(String kind, String name) {
    return "{" + namespace + ":shared}:" + kind + ":" + name;
  }

  /** The pub/sub channel spend totals are published on. */
  String spendChannel() {
    return "orchestrator:" + namespace + ":spend";
  }

  /** The pub/sub channel every change is published on. */
  String channel() {
    return "orchestrator:" + namespace + ":health";
  }
}
