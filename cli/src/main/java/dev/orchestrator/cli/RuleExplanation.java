package dev.orchestrator.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code classify --explain} and {@code classify-tool --explain} print of the rule that
 * decided, in one shape for both (docs/reference.md §1 and §2): the rule, whether it is an
 * operator's or built in, why, the words a built-in rule read, how many operator rules there are,
 * and every rule considered with why it did or did not match.
 *
 * @param rule the deciding rule's id ({@code user:PATH:LINE} or a built-in id)
 * @param byOperator whether an operator's rule decided
 * @param why why it decided
 * @param words what a built-in rule read in the text (empty for an operator's rule)
 * @param userRules how many operator rules were loaded
 * @param considered the rules considered, in order
 */
record RuleExplanation(
    String rule,
    boolean byOperator,
    String why,
    List<String> words,
    int userRules,
    List<Considered> considered) {

  /** One rule as considered: its id, whether it matched, and why. */
  record Considered(String rule, boolean matched, String why) {}

  /** The {@code explain} object of the JSON output. */
  Map<String, Object> json() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("rule", rule);
    m.put("source", byOperator ? "user" : "built-in");
    m.put("why", why);
    m.put("words", words);
    m.put("userRules", userRules);
    List<Map<String, Object>> lines = new ArrayList<>();
    for (Considered c : considered) {
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("rule", c.rule());
      line.put("matched", c.matched());
      line.put("why", c.why());
      lines.add(line);
    }
    m.put("considered", lines);
    return m;
  }

  /** "; no operator rules loaded", or "; none of N operator rules matched". */
  String noneMatched() {
    return userRules == 0
        ? "; no operator rules loaded"
        : "; none of " + userRules + " operator rule" + (userRules == 1 ? "" : "s") + " matched";
  }

  /** The human lines after "Why:": one per rule considered, under a heading; none when empty. */
  void printConsidered(PrintWriter out) {
    if (considered.isEmpty()) {
      return;
    }
    out.println("  Rules considered:");
    for (Considered c : considered) {
      out.println("    " + c.rule() + " — " + (c.matched() ? "matched: " : "no: ") + c.why());
    }
  }
}
