package dev.orchestrator.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * "Did you mean" for a name a caller sent: the same answers at any length of the name, at a cost
 * that grows with the name's length alone (a request body can carry a model name of megabytes), and
 * a message that never repeats such a name whole.
 */
class CloseMatchesTest {
  /** About as many names as the embedded catalog has. */
  private static List<String> names() {
    List<String> names = new ArrayList<>(List.of("orchestrator/free", "orchestrator/auto"));
    for (int i = 0; i < 70; i++) {
      names.add("provider-" + i + "/model-" + i + "-instruct:free");
    }
    return names;
  }

  @Test
  void aNameOfMegabytesIsMatchedAtOnceAndAsBefore() {
    String huge = "orchestrator/fre" + "e".repeat(4_000_000);
    // Edit distances against every name took about a minute of CPU for this one name.
    List<String> found =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20), () -> CloseMatches.find(huge, names(), 5));
    assertThat(found).containsExactly("orchestrator/free");
    assertThat(CloseMatches.find("x".repeat(4_000_000), names(), 5)).isEmpty();
  }

  @Test
  void answersAreThoseOfEveryDistanceComputed() {
    List<String> names = names();
    Random random = new Random(42);
    for (int i = 0; i < 3_000; i++) {
      String q = query(random, names);
      assertThat(CloseMatches.find(q, names, 5)).as(q).isEqualTo(reference(q, names, 5));
    }
  }

  /** A name, cut, lengthened, mutated or doubled; or random letters. */
  private static String query(Random random, List<String> names) {
    String n = names.get(random.nextInt(names.size()));
    switch (random.nextInt(5)) {
      case 0:
        return n.substring(0, random.nextInt(n.length() + 1));
      case 1:
        return n + "x".repeat(random.nextInt(3 * n.length()));
      case 2:
        StringBuilder b = new StringBuilder(n);
        for (int k = random.nextInt(6); k > 0; k--) {
          b.setCharAt(random.nextInt(b.length()), (char) ('a' + random.nextInt(26)));
        }
        return b.toString();
      case 3:
        return n + n.toUpperCase(Locale.ROOT);
      default:
        StringBuilder r = new StringBuilder();
        for (int k = random.nextInt(60); k > 0; k--) {
          r.append((char) ('a' + random.nextInt(26)));
        }
        return r.toString();
    }
  }

  /** The matching as it was: every edit distance computed in full. */
  private static List<String> reference(String query, List<String> names, int limit) {
    String q = query.toLowerCase(Locale.ROOT);
    List<int[]> scored = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String l = names.get(i).toLowerCase(Locale.ROOT);
      int contains = l.contains(q) || (q.contains(l) && l.length() > 3) ? 0 : 1;
      String tail = l.substring(l.lastIndexOf('/') + 1);
      int d = Math.min(CloseMatches.distance(q, l), CloseMatches.distance(q, tail));
      scored.add(new int[] {contains, d, i});
    }
    scored.sort(
        Comparator.<int[]>comparingInt(s -> s[0])
            .thenComparingInt(s -> s[1])
            .thenComparing(s -> names.get(s[2])));
    List<String> out = new ArrayList<>();
    int cap = Math.max(3, q.length() / 2);
    for (int[] s : scored) {
      if (out.size() == limit || (s[0] == 1 && s[1] > cap)) {
        break;
      }
      out.add(names.get(s[2]));
    }
    return out;
  }

  @Test
  void anUnknownModelOfMegabytesIsNotRepeatedWhole() {
    String huge = "m".repeat(4_000_000);
    UnknownModelException e = new UnknownModelException(huge, List.of());
    assertThat(e.model()).isEqualTo(huge);
    assertThat(e.getMessage())
        .hasSizeLessThan(300)
        .startsWith("unknown model: mmm")
        .endsWith("… (4000000 characters)");
    assertThat(new UnknownModelException("a/b", List.of("a/c")).getMessage())
        .isEqualTo("unknown model: a/b (close matches: a/c)");
  }
}
