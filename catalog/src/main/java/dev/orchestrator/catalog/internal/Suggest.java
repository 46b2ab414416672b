package dev.orchestrator.catalog.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "Did you mean" suggestions by edit distance. */
public final class Suggest {
  private Suggest() {}

  /** The closest candidate within a small edit distance, or {@code null}. */
  public static String closest(String word, Collection<String> candidates) {
    List<String> c = close(word, candidates, 1);
    return c.isEmpty() ? null : c.get(0);
  }

  /**
   * Up to {@code limit} candidates close to {@code word}: within an edit distance of a third of its
   * length, or containing it, best first.
   */
  public static List<String> close(String word, Collection<String> candidates, int limit) {
    String w = word.toLowerCase(Locale.ROOT);
    int max = Math.max(2, w.length() / 3);
    List<String[]> scored = new ArrayList<>();
    for (String c : candidates) {
      String l = c.toLowerCase(Locale.ROOT);
      int dist = distance(w, l);
      if (dist <= max || (w.length() >= 3 && l.contains(w))) {
        scored.add(new String[] {c, Integer.toString(l.contains(w) ? Math.min(dist, max) : dist)});
      }
    }
    scored.sort(
        Comparator.<String[]>comparingInt(s -> Integer.parseInt(s[1])).thenComparing(s -> s[0]));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < scored.size() && i < limit; i++) {
      out.add(scored.get(i)[0]);
    }
    return out;
  }

  static int distance(String a, String b) {
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
