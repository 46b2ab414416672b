package dev.orchestrator.cli;

import dev.orchestrator.engine.plan.Candidate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Splits the candidates' "why" lines ({@code part; part; …}) into what every row shares, stated
 * once above the table, and what is each row's own. Stateless; thread-safe.
 */
final class WhyParts {
  private WhyParts() {}

  private static List<String> parts(String why) {
    return Arrays.asList(why.split("; "));
  }

  /** The parts every candidate's why contains, in the first candidate's order. */
  static List<String> shared(List<Candidate> candidates) {
    if (candidates.isEmpty()) {
      return List.of();
    }
    Set<String> common = new LinkedHashSet<>(parts(candidates.get(0).why()));
    for (Candidate c : candidates) {
      common.retainAll(parts(c.why()));
    }
    return new ArrayList<>(common);
  }

  /** The parts of {@code why} that are not shared. */
  static List<String> own(String why, List<String> shared) {
    List<String> mine = new ArrayList<>(parts(why));
    mine.removeAll(shared);
    return mine;
  }
}
