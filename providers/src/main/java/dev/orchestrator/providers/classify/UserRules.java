package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.ErrorRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Matches an operator's {@link ErrorRule} against one failure's evidence and says why it matched,
 * condition by condition, for {@code orchestrator classify --explain}. Stateless.
 */
final class UserRules {
  private UserRules() {}

  /** Why {@code rule} matches, one clause per condition; {@code null} when it does not. */
  static String why(ErrorRule rule, FailureEvidence evidence, Facts facts) {
    List<String> clauses = new ArrayList<>();
    if (!rule.statuses().isEmpty()) {
      Integer line = evidence.status();
      Integer effective = facts.status();
      if (line != null && rule.statuses().contains(line)) {
        clauses.add("status " + line);
      } else if (effective != null && rule.statuses().contains(effective)) {
        clauses.add("status " + effective + " (the status the body or message carries)");
      } else {
        return null;
      }
    }
    if (rule.provider() != null) {
      if (evidence.provider() == null || !rule.provider().equalsIgnoreCase(evidence.provider())) {
        return null;
      }
      clauses.add("provider " + rule.provider());
    }
    if (!rule.codes().isEmpty()) {
      String code = first(rule.codes(), facts.error().tokens());
      if (code == null) {
        return null;
      }
      clauses.add("code " + code);
    }
    if (rule.header() != null) {
      String value = evidence.headers().get(rule.header().toLowerCase(Locale.ROOT));
      if (value == null) {
        return null;
      }
      if (rule.headerContains() != null) {
        if (!value.toLowerCase(Locale.ROOT).contains(rule.headerContains())) {
          return null;
        }
        clauses.add("header " + rule.header() + " contains '" + rule.headerContains() + "'");
      } else {
        clauses.add("header " + rule.header() + " present");
      }
    }
    if (!rule.phrases().isEmpty()) {
      String wording = facts.error().wording();
      String phrase = null;
      for (String p : rule.phrases()) {
        if (wording.contains(p)) {
          phrase = p;
          break;
        }
      }
      if (phrase == null) {
        return null;
      }
      clauses.add("message contains '" + phrase + "'");
    }
    return String.join(", ", clauses);
  }

  private static String first(List<String> wanted, List<String> tokens) {
    for (String w : wanted) {
      if (tokens.contains(w)) {
        return w;
      }
    }
    return null;
  }
}
