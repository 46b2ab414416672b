package dev.orchestrator.serve.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.serve.http.ApiError;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says a field the engine named in the chat request's vocabulary as the Messages request that
 * became it spells it (docs/reference.md §5, Messages front: a field no candidate honours is a 400
 * naming it): {@code messages[4].content[1]} is the block it was read from ({@code
 * messages[2].content[2]}: a system prompt is a chat message of its own and a tool result splits a
 * user turn), {@code response_format} is {@code output_config.format}. Immutable.
 *
 * @param origins where each chat message was read from in the body ({@code messages[i]}, {@code
 *     system}, a tool result's {@code messages[i].content[j].tool_use_id})
 * @param partOrigins for each chat message, where each of its parts was read from
 * @param formatAt the field that gave the response format
 * @param contract the body's fields only Anthropic routes honour, already named as the body has
 *     them
 */
record FieldNames(
    List<String> origins, List<List<String>> partOrigins, String formatAt, List<String> contract) {
  private static final Pattern MESSAGE =
      Pattern.compile("^messages\\[(\\d+)\\](.*)$", Pattern.DOTALL);
  private static final Pattern PART =
      Pattern.compile("^\\.content\\[(\\d+)\\](.*)$", Pattern.DOTALL);

  // the chat request's fields whose Messages counterpart is spelled otherwise
  private static final Map<String, String> CHAT_TO_MESSAGES =
      Map.of(
          "stop", "stop_sequences",
          "reasoning_effort", "thinking",
          "parallel_tool_calls", "tool_choice.disable_parallel_tool_use",
          "user", "metadata.user_id");

  FieldNames {
    origins = List.copyOf(origins);
    partOrigins = partOrigins.stream().map(List::copyOf).toList();
    contract = List.copyOf(contract);
  }

  /** {@code field} of the chat request as the Messages body spells it. */
  String of(String field) {
    if (field.equals("response_format")) {
      return formatAt;
    }
    for (String c : contract) {
      if (field.equals(c) || field.startsWith(c + ".") || field.startsWith(c + "[")) {
        return field; // read from the body as it is
      }
    }
    Matcher m = MESSAGE.matcher(field);
    if (!m.matches()) {
      return CHAT_TO_MESSAGES.getOrDefault(field, field);
    }
    int i = Integer.parseInt(m.group(1));
    if (i >= origins.size()) {
      return field;
    }
    String origin = origins.get(i);
    String rest = m.group(2);
    Matcher p = PART.matcher(rest);
    if (p.matches()) {
      int k = Integer.parseInt(p.group(1));
      List<String> parts = partOrigins.get(i);
      if (k < parts.size()) {
        return parts.get(k) + p.group(2);
      }
    }
    return origin.matches("messages\\[\\d+\\]") ? origin + rest : origin;
  }

  /**
   * {@code e} with the field it names ({@code param}, and in its message) as the Messages body
   * spells it; an upstream's own error, which names its own fields, is left as it is.
   */
  ApiError rename(ApiError e) {
    if (e.error() == null
        || e.error().has("upstream_status")
        || e.anthropicBody() != null
        || !e.error().path("param").isTextual()) {
      return e;
    }
    String field = e.error().get("param").asText();
    String renamed = of(field);
    if (renamed.equals(field)) {
      return e;
    }
    ObjectNode body = e.body().deepCopy();
    ObjectNode error = (ObjectNode) body.get("error");
    error.put("param", renamed);
    // the field as a whole name only: "user" is not renamed inside "a user message"
    String message =
        Pattern.compile("(?<![\\w.\\[])" + Pattern.quote(field) + "(?![\\w\\[])")
            .matcher(error.path("message").asText())
            .replaceAll(Matcher.quoteReplacement(renamed));
    error.put("message", message);
    ApiError out = ApiError.passthrough(e.status(), body, e.code());
    e.headers().forEach(out::header);
    return out;
  }
}
