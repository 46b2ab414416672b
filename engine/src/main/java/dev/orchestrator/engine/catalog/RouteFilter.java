package dev.orchestrator.engine.catalog;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The configuration's allow and deny lists of route-id globs ({@code *} matches any run of
 * characters, including {@code /}). A route is denied when it matches a deny glob, or when an allow
 * list is given and it matches none of it. Immutable and thread-safe.
 *
 * @param allow globs of routes to allow; empty allows everything
 * @param deny globs of routes to deny; wins over {@code allow}
 */
public record RouteFilter(List<String> allow, List<String> deny) {
  /** Allows every route. */
  public static final RouteFilter ALLOW_ALL = new RouteFilter(List.of(), List.of());

  /** Copies the lists. */
  public RouteFilter {
    allow = List.copyOf(allow);
    deny = List.copyOf(deny);
  }

  /** Whether the configuration denies this route id. */
  public boolean denies(String routeId) {
    for (String g : deny) {
      if (matches(g, routeId)) {
        return true;
      }
    }
    if (allow.isEmpty()) {
      return false;
    }
    for (String g : allow) {
      if (matches(g, routeId)) {
        return false;
      }
    }
    return true;
  }

  static boolean matches(String glob, String id) {
    if (!glob.contains("*")) {
      return glob.equals(id);
    }
    StringBuilder re = new StringBuilder();
    String[] parts = glob.split("\\*", -1);
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        re.append(".*");
      }
      if (!parts[i].isEmpty()) {
        re.append(Pattern.quote(parts[i]));
      }
    }
    return Pattern.matches(re.toString(), id);
  }
}
