package dev.orchestrator.engine.tool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Flattens a throwable's cause chain and suppressed context into the order the classifier reads
 * evidence: the throwable, then its causes, then suppressed exceptions (the primary failure's chain
 * outranks what went wrong while cleaning up). Bounded and cycle-safe: a hostile or buggy exception
 * graph can neither loop nor blow the stack.
 */
final class CauseChain {

  /** Links followed from the root; a throwable this many links away or more is not read. */
  static final int MAX_DEPTH = 16;

  /** Throwables read in all, however wide the suppressed context. */
  static final int MAX_NODES = 64;

  private CauseChain() {}

  /** The throwables to read, root first, each once. */
  static List<Throwable> walk(Throwable root) {
    List<Throwable> out = new ArrayList<>();
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    visit(root, 0, seen, out);
    return out;
  }

  private static void visit(Throwable t, int depth, Set<Throwable> seen, List<Throwable> out) {
    if (t == null || depth >= MAX_DEPTH || out.size() >= MAX_NODES || !seen.add(t)) {
      return;
    }
    out.add(t);
    visit(t.getCause(), depth + 1, seen, out);
    for (Throwable s : t.getSuppressed()) {
      visit(s, depth + 1, seen, out);
    }
  }
}
