package dev.orchestrator.providers.classify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.failure.ErrorRule;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Matches an operator's {@link ErrorRule} against one failure's evidence and says why it matched,
 * condition by condition, or which condition failed, for {@code orchestrator classify --explain}.
 * Stateless.
 */
final class UserRules {
  /** The keys whose value is an error code or type, at any nesting of a body. */
  private static final Set<String> CODE_KEYS =
      Set.of("code", "type", "error_code", "error_type", "errorcode", "errortype");

  private UserRules() {}

  /**
   * Whether {@code rule} matches: when it does, every condition that held; when it does not, the
   * first condition that failed.
   */
  static Classification.Check check(ErrorRule rule, FailureEvidence evidence, Facts facts) {
    List<String> clauses = new ArrayList<>();
    if (!rule.statuses().isEmpty()) {
      Integer line = evidence.status();
      Integer effective = facts.status();
      if (line != null && rule.matchesStatus(line)) {
        clauses.add("status " + line);
      } else if (effective != null && rule.matchesStatus(effective)) {
        clauses.add("status " + effective + " (the status the body or message carries)");
      } else {
        return no(
            rule,
            (effective == null ? "no status" : "status " + effective)
                + " is not "
                + String.join(" or ", rule.statuses()));
      }
    }
    if (rule.provider() != null) {
      if (evidence.provider() == null) {
        return no(rule, "no provider named (the rule is for " + rule.provider() + ")");
      }
      if (!rule.provider().equalsIgnoreCase(evidence.provider())) {
        return no(rule, "provider " + evidence.provider() + " is not " + rule.provider());
      }
      clauses.add("provider " + rule.provider());
    }
    if (!rule.codes().isEmpty()) {
      String code = first(rule.codes(), facts.error().tokens());
      if (code == null) {
        // the reader takes codes from the shapes it knows; a rule's code is found at any nesting
        code = firstNested(rule.codes(), evidence.body());
      }
      if (code == null) {
        return no(rule, "no error code or type is " + String.join(" or ", rule.codes()));
      }
      clauses.add("code " + code);
    }
    if (rule.header() != null) {
      String value = evidence.headers().get(rule.header().toLowerCase(Locale.ROOT));
      if (value == null) {
        return no(rule, "no header " + rule.header());
      }
      if (rule.headerValue() != null) {
        if (!value.toLowerCase(Locale.ROOT).contains(rule.headerValue())) {
          return no(
              rule, "header " + rule.header() + " does not contain '" + rule.headerValue() + "'");
        }
        clauses.add("header " + rule.header() + " contains '" + rule.headerValue() + "'");
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
        return no(
            rule, "the message contains none of '" + String.join("', '", rule.phrases()) + "'");
      }
      clauses.add("message contains '" + phrase + "'");
    }
    return new Classification.Check(rule.id(), true, String.join(", ", clauses));
  }

  private static Classification.Check no(ErrorRule rule, String why) {
    return new Classification.Check(rule.id(), false, why);
  }

  /**
   * The first of {@code wanted} that is the value of a code or type key ({@link #CODE_KEYS}, any
   * case) anywhere in {@code body} read as JSON, or {@code null}.
   */
  private static String firstNested(List<String> wanted, String body) {
    JsonNode root = body == null ? null : UpstreamError.parseJson(body);
    if (root == null) {
      return null;
    }
    Set<String> found = new HashSet<>();
    Deque<JsonNode> todo = new ArrayDeque<>(List.of(root));
    while (!todo.isEmpty()) {
      JsonNode n = todo.pop();
      if (n.isObject()) {
        for (Map.Entry<String, JsonNode> e : n.properties()) {
          JsonNode v = e.getValue();
          if (v.isContainerNode()) {
            todo.push(v);
          } else if ((v.isTextual() || v.isNumber())
              && CODE_KEYS.contains(e.getKey().toLowerCase(Locale.ROOT))) {
            found.add(v.asText().strip().toLowerCase(Locale.ROOT));
          }
        }
      } else if (n.isArray()) {
        n.forEach(todo::push);
      }
    }
    return first(wanted, List.copyOf(found));
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
