package dev.orchestrator.providers.history;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What each provider family refuses of a request's history, as its documentation and public issue
 * trackers say, with the error it answers: the validators of the strict loopback upstreams
 * (docs/design.md §13). Each rule cites its source. A validator returns {@code null} for a body the
 * family accepts, else the {@link Refusal} the family answers. Stateless.
 */
public final class StrictFamilies {
  /** The families, by the provider id a strict route of that family has. */
  public static final List<String> FAMILIES =
      List.of("openai", "anthropic", "gemini", "mistral", "deepseek", "moonshot", "groq", "vllm");

  private static final Set<String> OPENAI_MESSAGE_FIELDS =
      Set.of("role", "content", "name", "tool_calls", "tool_call_id", "refusal");

  private StrictFamilies() {}

  /**
   * A refusal as the family answers it.
   *
   * @param status the HTTP status
   * @param body the error body
   */
  public record Refusal(int status, String body) {}

  /** {@code null} when {@code family} accepts {@code body}, else its refusal. */
  public static Refusal check(String family, JsonNode body) {
    if (family.equals("anthropic")) {
      return anthropic(body);
    }
    if (family.equals("mistral")) {
      Refusal fields = mistralRequest(body);
      if (fields != null) {
        return fields;
      }
    }
    JsonNode messages = body.path("messages");
    Refusal pairing = openAiPairing(messages);
    if (pairing != null) {
      return pairing;
    }
    for (int i = 0; i < messages.size(); i++) {
      JsonNode m = messages.get(i);
      String at = "messages[" + i + "]";
      Refusal r =
          switch (family) {
            case "openai" -> openAi(m, at);
            case "groq" -> groq(m, i);
            case "mistral" -> mistral(messages, i);
            case "deepseek" -> deepSeek(m, i);
            case "moonshot" -> moonshot(m, i);
            case "gemini" -> gemini(m, i);
            default -> null; // vllm: an OpenAI-compatible server checks pairing only
          };
      if (r != null) {
        return r;
      }
    }
    return null;
  }

  private static Refusal bad(String message) {
    return new Refusal(
        400,
        "{\"error\":{\"message\":"
            + quote(message)
            + ",\"type\":\"invalid_request_error\",\"code\":null}}");
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /**
   * OpenAI: "An assistant message with 'tool_calls' must be followed by tool messages responding to
   * each 'tool_call_id'", and a tool message must answer a preceding call
   * (https://platform.openai.com/docs/guides/function-calling).
   */
  private static Refusal openAiPairing(JsonNode messages) {
    Set<String> open = new LinkedHashSet<>();
    for (int i = 0; i < messages.size(); i++) {
      JsonNode m = messages.get(i);
      String role = m.path("role").asText();
      if (role.equals("tool")) {
        String id = m.path("tool_call_id").asText();
        if (!open.remove(id)) {
          return bad(
              "Invalid parameter: messages with role 'tool' must be a response to a preceeding"
                  + " message with 'tool_calls'.");
        }
        continue;
      }
      if (!open.isEmpty()) {
        return bad(
            "An assistant message with 'tool_calls' must be followed by tool messages responding"
                + " to each 'tool_call_id'. The following tool_call_ids did not have response"
                + " messages: "
                + String.join(", ", open));
      }
      for (JsonNode c : m.path("tool_calls")) {
        if (!open.add(c.path("id").asText())) {
          return bad("Duplicate tool_call id: " + c.path("id").asText());
        }
      }
    }
    return null;
  }

  /**
   * OpenAI: ids of at most 40 characters, and only the fields a message role defines
   * (https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages); a tool
   * message's content is a string or text parts only ("For tool messages, only type `text` is
   * supported", openai/openai-ruby's {@code ChatCompletionToolMessageParam}), answered as
   * https://github.com/OpenHands/OpenHands/issues/7700 shows.
   */
  private static Refusal openAi(JsonNode m, String at) {
    if (m.path("role").asText().equals("tool")) {
      for (JsonNode part : m.path("content")) {
        if (!part.path("type").asText().equals("text")) {
          return bad(
              "Invalid '"
                  + at
                  + "'. Image URLs are only allowed for messages with role 'user', but this"
                  + " message with role 'tool' contains an image URL.");
        }
      }
    }
    for (JsonNode c : m.path("tool_calls")) {
      String id = c.path("id").asText();
      if (id.length() > 40) {
        return bad(
            "Invalid '"
                + at
                + ".tool_calls[0].id': string too long. Expected a string with maximum length 40,"
                + " but got a string with length "
                + id.length()
                + " instead.");
      }
      if (c.has("extra_content")) {
        return bad("Unrecognized request argument supplied: extra_content");
      }
    }
    for (Iterator<String> it = m.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!OPENAI_MESSAGE_FIELDS.contains(f)) {
        return bad(
            "Additional properties are not allowed ('" + f + "' was unexpected) - '" + at + "'");
      }
    }
    return null;
  }

  /**
   * Groq: "for 'role:assistant' the following must be satisfied" — {@code reasoning_content},
   * {@code refusal} and {@code annotations} are unsupported (https://console.groq.com/docs/openai).
   */
  private static Refusal groq(JsonNode m, int i) {
    for (String f : List.of("reasoning_content", "refusal", "annotations", "extra_content")) {
      if (m.has(f)) {
        return bad(
            "'messages."
                + i
                + "' : for 'role:"
                + m.path("role").asText()
                + "' the following must be satisfied[('messages."
                + i
                + "' : property '"
                + f
                + "' is unsupported)]");
      }
    }
    for (JsonNode c : m.path("tool_calls")) {
      if (c.path("id").asText().length() > 40 || c.has("extra_content")) {
        return bad("'messages." + i + ".tool_calls' : invalid tool call");
      }
    }
    return null;
  }

  /**
   * Mistral's request fields (its {@code ChatCompletionRequest}, as mistralai/client-python 2.5.1
   * generates it from Mistral's API specification:
   * https://github.com/mistralai/client-python/blob/main/docs/models/chatcompletionrequest.md). No
   * {@code user}, no {@code seed} (its name is {@code random_seed}), no {@code logprobs}.
   */
  private static final Set<String> MISTRAL_FIELDS =
      Set.of(
          "model",
          "temperature",
          "top_p",
          "max_tokens",
          "stream",
          "stop",
          "random_seed",
          "metadata",
          "messages",
          "response_format",
          "tools",
          "tool_choice",
          "presence_penalty",
          "frequency_penalty",
          "n",
          "prediction",
          "parallel_tool_calls",
          "reasoning_effort",
          "prompt_mode",
          "guardrails",
          "prompt_cache_key",
          "safe_prompt");

  /**
   * Mistral: only the request fields it defines (422 {@code extra_forbidden} otherwise, e.g. on
   * {@code stream_options}, {@code max_completion_tokens}, {@code user}).
   */
  private static Refusal mistralRequest(JsonNode body) {
    for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!MISTRAL_FIELDS.contains(f)) {
        return extraForbidden("\"body\",\"" + f + "\"");
      }
    }
    return null;
  }

  private static Refusal extraForbidden(String loc) {
    return new Refusal(
        422,
        "{\"object\":\"error\",\"message\":{\"detail\":[{\"type\":\"extra_forbidden\","
            + "\"loc\":["
            + loc
            + "],\"msg\":\"Extra inputs are not permitted\"}]},\"type\":"
            + "\"invalid_request_message_error\",\"code\":null}");
  }

  /**
   * Mistral: tool-call ids of exactly nine letters and digits, no unknown fields (422), the role
   * order of {@link #MISTRAL_NEXT}, a final assistant message only as a {@code prefix} and the flag
   * only there, an assistant message has content or tool calls
   * (https://docs.mistral.ai/capabilities/function_calling/; the 422 is its schema validation). A
   * message has only the fields its role defines (client-python's {@code SystemMessage}, {@code
   * UserMessage}, {@code AssistantMessage}, {@code ToolMessage}): a participant {@code name} only
   * on a tool result — {@code loc: ["body","messages",0,"user","name"]}, "Extra inputs are not
   * permitted", as https://github.com/Gage-Technologies/mistral-go/issues/3 and
   * https://github.com/nomtek/mistralai_client_dart/issues/44 show it answered.
   */
  private static Refusal mistral(JsonNode messages, int i) {
    JsonNode m = messages.get(i);
    String role = m.path("role").asText();
    Set<String> allowed =
        switch (role) {
          case "assistant" -> Set.of("role", "content", "tool_calls", "prefix");
          case "tool" -> Set.of("role", "content", "tool_call_id", "name");
          default -> Set.of("role", "content");
        };
    for (Iterator<String> it = m.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!allowed.contains(f)) {
        return extraForbidden("\"body\",\"messages\"," + i + ",\"" + role + "\",\"" + f + "\"");
      }
    }
    for (JsonNode c : m.path("tool_calls")) {
      String id = c.path("id").asText();
      if (!id.matches("[a-zA-Z0-9]{9}") || c.has("extra_content")) {
        return mistralError(
            "Tool call id was " + id + " but must be a-z, A-Z, 0-9, with a length of 9.");
      }
    }
    if (role.equals("tool") && !m.path("tool_call_id").asText().matches("[a-zA-Z0-9]{9}")) {
      return mistralError(
          "Tool call id was "
              + m.path("tool_call_id").asText()
              + " but must be a-z, A-Z, 0-9, with a length of 9.");
    }
    if (i > 0) {
      String before = messages.get(i - 1).path("role").asText();
      if (!MISTRAL_NEXT.getOrDefault(before, Set.of()).contains(role)) {
        return mistralOrder("Unexpected role '" + role + "' after role '" + before + "'");
      }
    }
    if (role.equals("assistant") && empty(m.path("content")) && m.path("tool_calls").isEmpty()) {
      return mistralError(
          "Assistant message must have either content or tool_calls, but not none.");
    }
    boolean last = i == messages.size() - 1;
    boolean prefix = m.path("prefix").asBoolean(false);
    if (prefix && !last) {
      return mistralError("Assistant message with prefix True must be last message");
    }
    if (last && messages.size() > 1 && role.equals("assistant") && !prefix) {
      return mistralOrder(
          "Expected last role User or Tool (or Assistant with prefix True) for serving but got"
              + " assistant");
    }
    return null;
  }

  /**
   * The roles Mistral takes after each role (mistral-common's {@code
   * MistralRequestValidator._validate_message_order}, the validator whose words its API answers:
   * https://github.com/mistralai/mistral-common/blob/main/src/mistral_common/protocol/instruct/validator.py):
   * after a tool result only an assistant turn or another result, never a user message, and a
   * system message never after an assistant turn or a result.
   */
  private static final Map<String, Set<String>> MISTRAL_NEXT =
      Map.of(
          "system", Set.of("system", "user", "assistant"),
          "user", Set.of("system", "user", "assistant"),
          "assistant", Set.of("assistant", "user", "tool"),
          "tool", Set.of("assistant", "tool"));

  /**
   * Mistral's refusal of a message order, as https://github.com/avante-corp/avante.nvim/issues/2562
   * and https://github.com/datapizza-labs/datapizza-ai/issues/98 show it answered ("Unexpected role
   * 'user' after role 'tool'") and Continue's and Cherry Studio's reports of a final assistant
   * message ("Expected last role User or Tool (or Assistant with prefix True) for serving but got
   * assistant", errors/sdk-and-provider-phrases.jsonl).
   */
  private static Refusal mistralOrder(String message) {
    return new Refusal(
        400,
        "{\"object\":\"error\",\"message\":"
            + quote(message)
            + ",\"type\":\"invalid_request_message_order\",\"param\":null,\"code\":\"3230\"}");
  }

  private static Refusal mistralError(String message) {
    return new Refusal(
        400,
        "{\"object\":\"error\",\"message\":"
            + quote(message)
            + ",\"type\":\"invalid_request_message_error\",\"param\":null,\"code\":null}");
  }

  /**
   * DeepSeek thinking mode: "the reasoning_content of assistant messages with tool calls must be
   * passed back" (https://api-docs.deepseek.com/guides/thinking_mode#tool-calls).
   */
  private static Refusal deepSeek(JsonNode m, int i) {
    if (!m.path("tool_calls").isEmpty() && !m.path("reasoning_content").isTextual()) {
      return bad(
          "Missing `reasoning_content` field in the assistant message at message index "
              + i
              + ". For more information, please refer to"
              + " https://api-docs.deepseek.com/guides/thinking_mode#tool-calls");
    }
    return openAiIdsOnly(m);
  }

  /**
   * Moonshot Kimi thinking: "reasoning_content must be kept in assistant tool call messages"
   * (https://platform.moonshot.ai/docs/guide/use-kimi-k2-thinking-model).
   */
  private static Refusal moonshot(JsonNode m, int i) {
    if (!m.path("tool_calls").isEmpty() && !m.path("reasoning_content").isTextual()) {
      return bad(
          "thinking is enabled but reasoning_content is missing in assistant tool call message"
              + " at index "
              + i);
    }
    return openAiIdsOnly(m);
  }

  private static Refusal openAiIdsOnly(JsonNode m) {
    for (JsonNode c : m.path("tool_calls")) {
      if (c.path("id").asText().length() > 40) {
        return bad("Invalid tool_call id: longer than 40 characters");
      }
    }
    return null;
  }

  /**
   * Gemini's OpenAI-compatible endpoint: the first function call of each assistant turn carries a
   * thought signature, and no message content is empty
   * (https://ai.google.dev/gemini-api/docs/thought-signatures).
   */
  private static Refusal gemini(JsonNode m, int i) {
    JsonNode calls = m.path("tool_calls");
    if (!calls.isEmpty()
        && !calls
            .get(0)
            .path("extra_content")
            .path("google")
            .path("thought_signature")
            .isTextual()) {
      return new Refusal(
          400,
          "[{\"error\":{\"code\":400,\"message\":\"Function call is missing a thought_signature in"
              + " functionCall parts. This is required for tools to work correctly, and missing"
              + " thought_signature may lead to degraded model performance. Additional data,"
              + " function call `"
              + calls.get(0).path("function").path("name").asText()
              + "` , position "
              + (i + 1)
              + ". please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for"
              + " more details.\",\"status\":\"INVALID_ARGUMENT\"}}]");
    }
    JsonNode c = m.path("content");
    if (c.isTextual() && c.asText().isEmpty() || c.isNull() && calls.isEmpty()) {
      return new Refusal(
          400,
          "[{\"error\":{\"code\":400,\"message\":\"Unable to submit request because it has an"
              + " empty text parameter. Add a value to the parameter and try again.\",\"status\":"
              + "\"INVALID_ARGUMENT\"}}]");
    }
    return null;
  }

  private static boolean empty(JsonNode content) {
    return content.isMissingNode()
        || content.isNull()
        || content.isTextual() && content.asText().isEmpty()
        || content.isArray() && content.isEmpty();
  }

  /**
   * Anthropic Messages (https://docs.anthropic.com/en/api/messages,
   * https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking): ids {@code
   * ^[a-zA-Z0-9_-]+$}, unique; non-empty text blocks and tool results; alternating roles; every
   * {@code tool_result} in the message right after its {@code tool_use} and every {@code tool_use}
   * answered there; thinking blocks signed; with thinking on, a final assistant tool turn starts
   * with thinking; a final assistant message (a prefill) does not end in whitespace.
   */
  private static Refusal anthropic(JsonNode body) {
    JsonNode messages = body.path("messages");
    Set<String> seen = new HashSet<>();
    String prevRole = null;
    List<String> uses = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      JsonNode m = messages.get(i);
      String role = m.path("role").asText();
      if (role.equals(prevRole)) {
        return anthropicError("messages: roles must alternate between \"user\" and \"assistant\"");
      }
      prevRole = role;
      List<String> results = new ArrayList<>();
      JsonNode content = m.path("content");
      for (int j = 0; j < content.size(); j++) {
        JsonNode b = content.get(j);
        String at = "messages." + i + ".content." + j;
        switch (b.path("type").asText()) {
          case "text":
            if (b.path("text").asText().isEmpty()) {
              return anthropicError("messages: text content blocks must be non-empty");
            }
            break;
          case "thinking":
            if (!b.path("signature").isTextual() || b.path("signature").asText().isEmpty()) {
              return anthropicError(at + ".thinking.signature: Field required");
            }
            break;
          case "tool_use":
            String id = b.path("id").asText();
            if (!id.matches("[a-zA-Z0-9_-]+")) {
              return anthropicError(
                  at + ".tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'");
            }
            if (!seen.add(id)) {
              return anthropicError("messages: `tool_use` ids must be unique");
            }
            break;
          case "tool_result":
            results.add(b.path("tool_use_id").asText());
            if (b.path("content").isTextual() && b.path("content").asText().isEmpty()
                || b.path("content").isArray() && b.path("content").isEmpty()) {
              // An empty result reads as no result at all: "the API fails if we return an empty
              // string here. It thinks we are sending a tool use without a tool result"
              // (https://github.com/zed-industries/zed/pull/27130; the same refusal in
              // https://github.com/anomalyco/opencode/issues/15371).
              return anthropicError(
                  "messages."
                      + i
                      + ": `tool_use` ids were found without `tool_result` blocks immediately"
                      + " after: "
                      + b.path("tool_use_id").asText());
            }
            break;
          default:
            break;
        }
      }
      if (role.equals("user")) {
        for (String r : results) {
          if (!uses.contains(r)) {
            return anthropicError(
                "messages."
                    + i
                    + ".content.0: unexpected `tool_use_id` found in `tool_result` blocks: "
                    + r
                    + ". Each `tool_result` block must have a corresponding `tool_use` block in"
                    + " the previous message.");
          }
        }
        if (!results.containsAll(uses)) {
          return anthropicError(
              "messages."
                  + i
                  + ": `tool_use` ids were found without `tool_result` blocks immediately after: "
                  + String.join(", ", uses));
        }
        uses = new ArrayList<>();
      } else {
        if (!uses.isEmpty()) {
          return anthropicError(
              "messages."
                  + i
                  + ": `tool_use` ids were found without `tool_result` blocks immediately after");
        }
        for (JsonNode b : content) {
          if (b.path("type").asText().equals("tool_use")) {
            uses.add(b.path("id").asText());
          }
        }
      }
    }
    JsonNode final_ = messages.path(messages.size() - 1);
    JsonNode lastBlock = final_.path("content").path(final_.path("content").size() - 1);
    if (final_.path("role").asText().equals("assistant")
        && (final_.path("content").isTextual()
                && !final_
                    .path("content")
                    .asText()
                    .equals(final_.path("content").asText().stripTrailing())
            || lastBlock.path("type").asText().equals("text")
                && !lastBlock
                    .path("text")
                    .asText()
                    .equals(lastBlock.path("text").asText().stripTrailing()))) {
      // A prefill, as https://github.com/tailcallhq/forgecode/issues/1872 shows it answered.
      return anthropicError(
          "messages: final assistant content cannot end with trailing whitespace");
    }
    if (body.path("thinking").path("type").asText().equals("enabled") && messages.size() >= 2) {
      JsonNode last = messages.get(messages.size() - 2);
      String first = last.path("content").path(0).path("type").asText();
      boolean toolTurn = false;
      for (JsonNode b : last.path("content")) {
        toolTurn |= b.path("type").asText().equals("tool_use");
      }
      if (last.path("role").asText().equals("assistant")
          && toolTurn
          && !first.equals("thinking")
          && !first.equals("redacted_thinking")) {
        return anthropicError(
            "messages."
                + (messages.size() - 2)
                + ".content.0.type: Expected `thinking` or `redacted_thinking`, but found `"
                + first
                + "`. When `thinking` is enabled, a final `assistant` message must start with a"
                + " thinking block (preceeding the lastmost set of `tool_use` and `tool_result`"
                + " blocks).");
      }
    }
    return null;
  }

  private static Refusal anthropicError(String message) {
    return new Refusal(
        400,
        "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":"
            + quote(message)
            + "}}");
  }
}
