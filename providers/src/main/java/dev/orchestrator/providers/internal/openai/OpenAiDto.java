package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Jackson records of the OpenAI chat completions wire format. A streamed chunk has the shape of a
 * whole answer, its choices carrying a {@code delta} where an answer's carry a {@code message}: one
 * set of records reads both. Each skips the fields it does not name ({@code ignoreUnknown}) rather
 * than buffer them for a handler that would drop them. Not API.
 */
public final class OpenAiDto {
  private OpenAiDto() {}

  /**
   * A tool call, or in a chunk a fragment of one keyed by {@code index}; {@code extra_content}
   * carries Gemini's thought signature ({@code google.thought_signature}).
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record ToolCall(
      Integer index,
      String id,
      String type,
      FunctionCall function,
      @JsonProperty("extra_content") JsonNode extraContent) {
    /** Gemini's thought signature of the call, or {@code null}. */
    public String thoughtSignature() {
      if (extraContent == null) {
        return null;
      }
      JsonNode s = extraContent.path("google").path("thought_signature");
      return s.isTextual() && !s.asText().isEmpty() ? s.asText() : null;
    }
  }

  /**
   * A function call's name and arguments: a JSON text as OpenAI writes it, or (llama.cpp's server,
   * TGI) the JSON object itself.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record FunctionCall(String name, @JsonProperty("arguments") JsonNode argumentsNode) {
    /** The arguments as JSON text (an object given as such is written out), or {@code null}. */
    public String arguments() {
      if (argumentsNode == null || argumentsNode.isNull() || argumentsNode.isMissingNode()) {
        return null;
      }
      return argumentsNode.isTextual() ? argumentsNode.asText() : argumentsNode.toString();
    }
  }

  /** A non-streamed answer or one streamed chunk (or an error object inside a 200). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Completion(
      String id,
      String model,
      @JsonProperty("system_fingerprint") String systemFingerprint,
      List<Choice> choices,
      UsageDto usage,
      JsonNode error) {}

  /** One choice: an answer's {@code message}, or a chunk's {@code delta}. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Choice(
      Integer index,
      Message message,
      Message delta,
      @JsonProperty("finish_reason") String finishReason,
      JsonNode logprobs) {}

  /**
   * The assistant message of a choice, or what a chunk adds to it; content is a string, an array of
   * parts, or null. {@code reasoning_details} is OpenRouter's array of reasoning blocks (text with
   * a signature, encrypted, summaries), which the engine does not model: it travels to a caller of
   * this protocol as written.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Message(
      String role,
      JsonNode content,
      String refusal,
      @JsonProperty("reasoning_content") String reasoningContent,
      String reasoning,
      @JsonProperty("tool_calls") List<ToolCall> toolCalls,
      @JsonProperty("reasoning_details") JsonNode reasoningDetails) {
    /**
     * The fields of this message the engine does not model that a caller of this protocol gets as
     * the route wrote them, as a JSON object ({@code {"reasoning_details":[…]}}), or {@code null}
     * when there are none (an empty array is none).
     */
    public String unmodelled() {
      if (reasoningDetails == null || !reasoningDetails.isArray() || reasoningDetails.isEmpty()) {
        return null;
      }
      return "{\"reasoning_details\":" + reasoningDetails + "}";
    }
  }

  /**
   * Token usage. {@code prompt_cache_hit_tokens} is DeepSeek's count of the prompt tokens read from
   * its cache, part of {@code prompt_tokens} like OpenAI's {@code cached_tokens}.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record UsageDto(
      @JsonProperty("prompt_tokens") Integer promptTokens,
      @JsonProperty("completion_tokens") Integer completionTokens,
      @JsonProperty("total_tokens") Integer totalTokens,
      @JsonProperty("prompt_tokens_details") TokenDetails promptDetails,
      @JsonProperty("completion_tokens_details") TokenDetails completionDetails,
      @JsonProperty("prompt_cache_hit_tokens") Integer promptCacheHitTokens) {}

  /**
   * {@code prompt_tokens_details} / {@code completion_tokens_details}; {@code cache_write_tokens}
   * is OpenRouter's count of the prompt tokens written to the cache, part of {@code prompt_tokens}.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record TokenDetails(
      @JsonProperty("cached_tokens") Integer cachedTokens,
      @JsonProperty("reasoning_tokens") Integer reasoningTokens,
      @JsonProperty("cache_write_tokens") Integer cacheWriteTokens) {}
}
