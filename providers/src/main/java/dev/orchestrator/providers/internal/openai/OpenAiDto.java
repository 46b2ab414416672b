package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Jackson records of the OpenAI chat completions wire format. Not API. */
public final class OpenAiDto {
  private OpenAiDto() {}

  /** {@code POST /chat/completions} body. */
  public record Request(
      String model,
      List<Message> messages,
      List<Tool> tools,
      @JsonProperty("max_tokens") Integer maxTokens,
      Double temperature,
      @JsonProperty("response_format") JsonNode responseFormat,
      Boolean stream,
      @JsonProperty("stream_options") StreamOptions streamOptions) {}

  /** A request message. */
  public record Message(
      String role,
      String content,
      @JsonProperty("tool_calls") List<ToolCallDto> toolCalls,
      @JsonProperty("tool_call_id") String toolCallId) {}

  /** A complete tool call (request history and non-streamed answers). */
  public record ToolCallDto(String id, String type, FunctionCall function) {}

  /** A function call's name and arguments. */
  public record FunctionCall(String name, String arguments) {}

  /** A tool offered to the model. */
  public record Tool(String type, FunctionDef function) {}

  /** A function definition. */
  public record FunctionDef(String name, String description, JsonNode parameters) {}

  /** Stream options. */
  public record StreamOptions(@JsonProperty("include_usage") boolean includeUsage) {}

  /** A non-streamed answer (or an error object inside a 200). */
  public record Completion(
      String id, String model, List<Choice> choices, UsageDto usage, JsonNode error) {}

  /** One choice of a non-streamed answer. */
  public record Choice(
      Integer index, ResponseMessage message, @JsonProperty("finish_reason") String finishReason) {}

  /** The assistant message of a choice; content is a string, an array of parts, or null. */
  public record ResponseMessage(
      String role, JsonNode content, @JsonProperty("tool_calls") List<ToolCallDto> toolCalls) {}

  /** Token usage. */
  public record UsageDto(
      @JsonProperty("prompt_tokens") Integer promptTokens,
      @JsonProperty("completion_tokens") Integer completionTokens,
      @JsonProperty("total_tokens") Integer totalTokens) {}

  /** One streamed chunk. */
  public record Chunk(
      String id, String model, List<ChunkChoice> choices, UsageDto usage, JsonNode error) {}

  /** One choice of a chunk. */
  public record ChunkChoice(
      Integer index, Delta delta, @JsonProperty("finish_reason") String finishReason) {}

  /** A chunk's delta. */
  public record Delta(
      String role,
      JsonNode content,
      @JsonProperty("reasoning_content") String reasoningContent,
      String reasoning,
      @JsonProperty("tool_calls") List<ToolCallDelta> toolCalls) {}

  /** A fragment of a tool call, keyed by index. */
  public record ToolCallDelta(Integer index, String id, String type, FunctionCall function) {}
}
