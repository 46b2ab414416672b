package dev.orchestrator.health.redis;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Key and channel names for one namespace (ADR 0021). Every key of a route shares the hash tag
 * {@code {ns:route}}, so each route script touches one Cluster slot; the namespace's index and
 * budget have their own tag. Immutable.
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

  /** The five keys of a route script, in {@code lib.lua}'s order. */
  String[] route(String route) {
    String tag = "{" + namespace + ":" + route + "}:";
    return new String[] {tag + "b", tag + "p", tag + "c", tag + "r", tag + "m"};
  }

  /** The sorted set of routes with state, scored by when their state expires (wall ms). */
  String index() {
    return "{" + namespace + "}:index";
  }

  /** The retry budget's counters. */
  String budget() {
    return "{" + namespace + "}:budget";
  }

  /** The pub/sub channel every change is published on. */
  String channel() {
    return "orchestrator:" + namespace + ":health";
  }
}
