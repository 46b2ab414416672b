package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Jackson records of the OpenAI chat completions wire format. Not API. */
public final class OpenAiDto {
  private OpenAiDto() {}

  /** A complete tool call (non-streamed answers). */
  public record ToolCallDto(String id, String type, FunctionCall function) {}

  /** A function call's name and arguments. */
  public record FunctionCall(String name, String arguments) {}

  /** A non-streamed answer (or an error object inside a 200). */
  public record Completion(
      String id,
      String model,
      @JsonProperty("system_fingerprint") String systemFingerprint,
      List<Choice> choices,
      UsageDto usage,
      JsonNode error) {}

  /** One choice of a non-streamed answer. */
  public record Choice(
      Integer index,
      ResponseMessage message,
      @JsonProperty("finish_reason") String finishReason,
      JsonNode logprobs) {}

  /** The assistant message of a choice; content is a string, an array of parts, or null. */
  public record ResponseMessage(
      String role,
      JsonNode content,
      String refusal,
      @JsonProperty("reasoning_content") String reasoningContent,
      String reasoning,
      @JsonProperty("tool_calls") List<ToolCallDto> toolCalls) {}

  /** Token usage. */
  public record UsageDto(
      @JsonProperty("prompt_tokens") Integer promptTokens,
      @JsonProperty("completion_tokens") Integer completionTokens,
      @JsonProperty("total_tokens") Integer totalTokens,
      @JsonProperty("prompt_tokens_details") TokenDetails promptDetails,
      @JsonProperty("completion_tokens_details") TokenDetails completionDetails) {}

  /** {@code prompt_tokens_details} / {@code completion_tokens_details}. */
  public record TokenDetails(
      @JsonProperty("cached_tokens") Integer cachedTokens,
      @JsonProperty("reasoning_tokens") Integer reasoningTokens) {}

  /** One streamed chunk. */
  public record Chunk(
      String id,
      String model,
      @JsonProperty("system_fingerprint") String systemFingerprint,
      List<ChunkChoice> choices,
      UsageDto usage,
      JsonNode error) {}

  /** One choice of a chunk. */
  public record ChunkChoice(
      Integer index,
      Delta delta,
      @JsonProperty("finish_reason") String finishReason,
      JsonNode logprobs) {}

  /** A chunk's delta. */
  public record Delta(
      String role,
      JsonNode content,
      String refusal,
      @JsonProperty("reasoning_content") String reasoningContent,
      String reasoning,
      @JsonProperty("tool_calls") List<ToolCallDelta> toolCalls) {}

  /** A fragment of a tool call, keyed by index. */
  public record ToolCallDelta(Integer index, String id, String type, FunctionCall function) {}
}
