package dev.orchestrator.engine.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * "Did you mean": names containing the query first, then by edit distance (case-insensitive).
 * Shared by every "unknown name" message of the project. Stateless and thread-safe.
 */
public final class CloseMatches {
  private CloseMatches() {}

  /** The closest name, or {@code null} when none is close. */
  public static String closest(String query, java.util.Collection<String> names) {
    List<String> m = find(query, names, 1);
    return m.isEmpty() ? null : m.get(0);
  }

  /**
   * Up to {@code limit} names close to {@code query}, best first: names containing it, then names
   * within an edit distance of {@code max(3, length / 2)}. The cost grows with the query's length,
   * not with its square: a query may be a caller's megabytes.
   */
  public static List<String> find(String query, java.util.Collection<String> names, int limit) {
    String q = query.toLowerCase(Locale.ROOT);
    int cap = Math.max(3, q.length() / 2);
    List<Scored> scored = new ArrayList<>(names.size());
    for (String n : names) {
      String l = n.toLowerCase(Locale.ROOT);
      int contains = l.contains(q) || (q.contains(l) && l.length() > 3) ? 0 : 1;
      String tail = l.substring(l.lastIndexOf('/') + 1);
      int d = distanceWithin(q, l, cap, Integer.MAX_VALUE, contains == 0);
      d = distanceWithin(q, tail, cap, d, contains == 0);
      scored.add(new Scored(n, contains, d));
    }
    scored.sort(
        Comparator.comparingInt(Scored::contains)
            .thenComparingInt(Scored::distance)
            .thenComparing(Scored::name));
    List<String> out = new ArrayList<>();
    for (Scored s : scored) {
      if (out.size() == limit || (s.contains() == 1 && s.distance() > cap)) {
        break;
      }
      out.add(s.name());
    }
    return out;
  }

  private record Scored(String name, int contains, int distance) {}

  /**
   * The edit distance of {@code q} and {@code s} when it matters, else a stand-in, without the
   * quadratic cost where it is not needed: {@code known} when {@code s} cannot beat it (lengths
   * that differ by {@code known} or more), the length difference when one contains the other (the
   * distance itself: only insertions), and — unless {@code exact} (a name kept whatever its
   * distance, ranked by it) — the length difference when it is past {@code cap} (never more than
   * the distance, so the name is past the cap either way).
   */
  private static int distanceWithin(String q, String s, int cap, int known, boolean exact) {
    int apart = Math.abs(q.length() - s.length());
    if (apart >= known) {
      return known;
    }
    if (s.contains(q) || q.contains(s)) {
      return apart;
    }
    if (!exact && apart > cap) {
      return apart;
    }
    return Math.min(known, distance(q, s));
  }

  /** Levenshtein distance, two rows. */
  public static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
