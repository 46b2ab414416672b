package dev.orchestrator.serve.responses;

import static dev.orchestrator.serve.http.JsonFields.get;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.JsonFields;
import dev.orchestrator.serve.http.ProviderField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A parsed {@code POST /v1/responses} body (docs/reference.md, "OpenAI Responses"): the engine
 * request it says, what the answer echoes, and the state fields. Every field is read and checked:
 * what the engine models becomes the request; optional hints no route here can use (a hosted tool
 * the request does not force, an {@code include} value, {@code client_metadata}, …) are dropped and
 * named in {@link #dropped()}; a field that would change the answer's contract with no route to
 * honour it, or an unknown field, is a {@code 400} naming it. Not to be changed once parsed ({@link
 * #echo()} is a tree that is copied where it is written, never written into).
 *
 * @param request the engine request: {@code instructions} as the first system message, then the
 *     conversation
 * @param conversation a previous response's conversation ({@code previous_response_id}), then the
 *     messages of {@code input}: what this answer's stored conversation begins with
 * @param previousResponseId {@code previous_response_id}, or {@code null}
 * @param store whether the answer is stored ({@code store}, default {@code true})
 * @param echo the request fields the Response object repeats, in its order
 * @param dropped the fields dropped whatever the route, as paths with the hosted tool's type
 *     ({@code tools[1] (web_search)}), in request order
 * @param encryptedReasoning whether {@code include} asks for {@code reasoning.encrypted_content}:
 *     the answer's reasoning items carry an Anthropic route's signed thinking, sealed ({@link
 *     Conversation#sealed}); a route of another protocol has none, and {@code include} is named as
 *     dropped for it ({@link ChatRequest#droppedFor})
 */
record ResponsesRequest(
    ChatRequest request,
    List<ChatMessage> conversation,
    String previousResponseId,
    boolean store,
    ObjectNode echo,
    List<String> dropped,
    boolean encryptedReasoning) {

  /** Fields read into the request or the answer. */
  private static final Set<String> MODELLED =
      Set.of(
          "model",
          "input",
          "instructions",
          "tools",
          "tool_choice",
          "parallel_tool_calls",
          "max_output_tokens",
          "temperature",
          "top_p",
          "text",
          "reasoning",
          "metadata",
          "user",
          "store",
          "previous_response_id",
          "stream",
          "truncation",
          "include",
          "background",
          "models",
          "provider");

  /** Optional hints and extras: dropped and named when present (docs/reference.md §5). */
  private static final Set<String> HINTS =
      Set.of(
          "client_metadata",
          "prompt_cache_key",
          "prompt_cache_retention",
          "service_tier",
          "safety_identifier",
          "stream_options",
          "max_tool_calls",
          "top_logprobs");

  /** Fields that need state or services no route here has: a {@code 400} naming them. */
  private static final Map<String, String> UNSUPPORTED =
      Map.of(
          "conversation", "a stored conversation (expected: previous_response_id or full input)",
          "prompt", "a stored prompt template (expected: instructions and input)");

  /**
   * Parses {@code body}; {@code stored} gives the conversation a {@code previous_response_id} names
   * (or throws the answer to give when there is none), called only when the body names one.
   *
   * @throws ApiError {@code 400} naming the field and the expectation
   */
  static ResponsesRequest parse(byte[] body, Function<String, List<ChatMessage>> stored) {
    JsonNode root = JsonFields.body(body);
    List<String> dropped = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      String f = e.getKey();
      if (UNSUPPORTED.containsKey(f)) {
        if (!e.getValue().isNull()) {
          throw ApiError.badRequest(f, f + ": " + UNSUPPORTED.get(f) + " no route here has");
        }
      } else if (HINTS.contains(f)) {
        if (!e.getValue().isNull()) {
          dropped.add(f);
        }
      } else if (!MODELLED.contains(f)) {
        throw ApiError.badRequest(
            f, f + ": unknown field (expected: a field of the OpenAI Responses API)");
      }
    }
    ObjectNode echo = Json.MAPPER.createObjectNode();
    ChatRequest.Builder b = ChatRequest.builder(JsonFields.model(root));
    // The cache key is not sent on (a chat route has no such field) but names the session.
    String cacheKey = JsonFields.string(root, "prompt_cache_key", "prompt_cache_key");
    if (cacheKey != null && !cacheKey.isEmpty() && cacheKey.length() <= 256) {
      b.session(cacheKey);
    }
    String instructions = JsonFields.string(root, "instructions", "instructions");
    List<String> inputAt = new ArrayList<>();
    List<ChatMessage> input = InputItems.read(get(root, "input"), dropped, inputAt);
    String previous = JsonFields.string(root, "previous_response_id", "previous_response_id");
    previous = previous == null || previous.isEmpty() ? null : previous;
    if (input.isEmpty() && previous == null) {
      throw ApiError.badRequest(
          "input", "input: missing or empty (expected: a string or a non-empty array of items)");
    }
    echo.put("instructions", instructions);

    Integer maxOutput = JsonFields.integer(root, "max_output_tokens", "max_output_tokens");
    if (maxOutput != null && maxOutput < 1) {
      throw ApiError.badRequest(
          "max_output_tokens", "max_output_tokens: " + maxOutput + " (expected: >= 1)");
    }
    b.maxCompletionTokens(maxOutput);
    echo.put("max_output_tokens", maxOutput);

    ArrayNode toolsEcho = echo.arrayNode();
    List<ToolDefinition> tools = Tools.tools(get(root, "tools"), dropped, toolsEcho);
    JsonNode choice = get(root, "tool_choice");
    tools = Tools.allowedTools(choice, tools);
    b.tools(tools);
    b.toolChoice(Tools.toolChoice(choice, tools));
    Boolean parallel = JsonFields.bool(root, "parallel_tool_calls", "parallel_tool_calls");
    b.parallelToolCalls(parallel);
    echo.put("parallel_tool_calls", parallel == null || parallel);

    echo.put("previous_response_id", previous);
    ObjectNode reasoningEcho =
        OutputOptions.reasoning(JsonFields.object(root, "reasoning", "reasoning"), b);
    echo.set("reasoning", reasoningEcho);
    Boolean store = JsonFields.bool(root, "store", "store");
    echo.put("store", store == null || store);
    Double temperature = range(root, "temperature", 2);
    b.temperature(temperature);
    echo.put("temperature", temperature);
    echo.set("text", OutputOptions.text(JsonFields.object(root, "text", "text"), b, dropped));
    echo.set("tool_choice", choice == null ? echo.textNode("auto") : choice.deepCopy());
    echo.set("tools", toolsEcho);
    Double topP = range(root, "top_p", 1);
    b.topP(topP);
    echo.put("top_p", topP);
    echo.put("truncation", OutputOptions.truncation(root, dropped));
    String user = JsonFields.string(root, "user", "user");
    b.endUser(user);
    echo.put("user", user);
    echo.set(
        "metadata", Json.MAPPER.valueToTree(JsonFields.stringMap(root, "metadata", "metadata")));

    boolean encrypted = OutputOptions.include(get(root, "include"), dropped);
    Boolean background = JsonFields.bool(root, "background", "background");
    if (Boolean.TRUE.equals(background)) {
      throw ApiError.badRequest(
          "background", "background: true (expected: false; answers are given while you wait)");
    }
    b.stream(Boolean.TRUE.equals(JsonFields.bool(root, "stream", "stream")));
    b.models(JsonFields.models(root));
    b.provider(ProviderField.parse(root));
    // No route speaks Responses: every route misses them, and the trace says so. The encrypted
    // reasoning is an Anthropic route's signed thinking: any other route is named as dropping
    // include (read last, so it stays in request order).
    b.dropped(dropped);
    if (encrypted) {
      b.onlyFrom(OutputOptions.INCLUDE, Protocol.ANTHROPIC_MESSAGES);
    }
    List<ChatMessage> conversation = new ArrayList<>();
    if (previous != null) {
      conversation.addAll(stored.apply(previous));
    }
    conversation.addAll(input);
    List<ChatMessage> messages = new ArrayList<>();
    if (instructions != null && !instructions.isEmpty()) {
      messages.add(ChatMessage.system(instructions));
    }
    messages.addAll(conversation);
    orphanOutput(messages, messages.size() - input.size(), inputAt);
    b.messages(messages);
    ChatRequest request;
    try {
      request = b.build();
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest(null, e.getMessage());
    }
    return new ResponsesRequest(
        request,
        List.copyOf(conversation),
        previous,
        store == null || store,
        echo,
        List.copyOf(dropped),
        encrypted);
  }

  /**
   * Refuses a {@code function_call_output} whose {@code call_id} is the id of no earlier {@code
   * function_call} — of the input, or of the conversation {@code previous_response_id} names —
   * naming its field: OpenAI refuses it, and so does every other provider (ADR 0055), so no route
   * is asked. {@code inputAt} names the input's messages, which start at {@code inputFrom}.
   */
  private static void orphanOutput(
      List<ChatMessage> messages, int inputFrom, List<String> inputAt) {
    int orphan = ChatRequest.orphanToolResult(messages);
    if (orphan < 0) {
      return;
    }
    // a stored conversation is the one answered before; an orphan in it names the id that gave it
    String field = orphan >= inputFrom ? inputAt.get(orphan - inputFrom) : "previous_response_id";
    throw ApiError.badRequest(
        field,
        field + ": " + ChatRequest.orphanToolResultReason(messages.get(orphan).toolCallId()));
  }

  private static Double range(JsonNode root, String field, double max) {
    Double v = JsonFields.number(root, field, field);
    if (v != null && (v < 0 || v > max)) {
      throw ApiError.badRequest(field, field + ": " + v + " (expected: 0.." + (int) max + ")");
    }
    return v;
  }
}
