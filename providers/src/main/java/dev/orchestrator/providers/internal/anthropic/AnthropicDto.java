package dev.orchestrator.providers.internal.anthropic;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Jackson records of the Anthropic Messages wire format. Each skips the fields it does not name
 * ({@code ignoreUnknown}) rather than buffer them for a handler that would drop them. Not API.
 */
public final class AnthropicDto {
  private AnthropicDto() {}

  /** A non-streamed answer, or an error object ({@code type: error}). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record MessageDto(
      String id,
      String type,
      String model,
      List<ContentBlock> content,
      @JsonProperty("stop_reason") String stopReason,
      @JsonProperty("stop_sequence") String stopSequence,
      UsageDto usage,
      JsonNode error) {}

  /** A response content block. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record ContentBlock(
      String type,
      String text,
      String thinking,
      String signature,
      String data,
      String id,
      String name,
      JsonNode input) {}

  /** Token usage. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record UsageDto(
      @JsonProperty("input_tokens") Integer inputTokens,
      @JsonProperty("output_tokens") Integer outputTokens,
      @JsonProperty("cache_read_input_tokens") Integer cacheReadInputTokens,
      @JsonProperty("cache_creation_input_tokens") Integer cacheCreationInputTokens) {

    /** This usage with {@code later}'s reported counts laid over it (stream events add up). */
    UsageDto merge(UsageDto later) {
      if (later == null) {
        return this;
      }
      return new UsageDto(
          later.inputTokens != null ? later.inputTokens : inputTokens,
          later.outputTokens != null ? later.outputTokens : outputTokens,
          later.cacheReadInputTokens != null ? later.cacheReadInputTokens : cacheReadInputTokens,
          later.cacheCreationInputTokens != null
              ? later.cacheCreationInputTokens
              : cacheCreationInputTokens);
    }
  }

  /** One stream event. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Event(
      String type,
      MessageDto message,
      Integer index,
      @JsonProperty("content_block") ContentBlock contentBlock,
      EventDelta delta,
      UsageDto usage,
      JsonNode error) {}

  /** The delta of a {@code content_block_delta} or {@code message_delta} event. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record EventDelta(
      String type,
      String text,
      @JsonProperty("partial_json") String partialJson,
      String thinking,
      String signature,
      @JsonProperty("stop_reason") String stopReason,
      @JsonProperty("stop_sequence") String stopSequence) {}
}
