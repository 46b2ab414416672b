package dev.orchestrator.providers.internal.anthropic;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Jackson records of the Anthropic Messages wire format. Not API. */
public final class AnthropicDto {
  private AnthropicDto() {}

  /** {@code POST /messages} body. */
  public record Request(
      String model,
      @JsonProperty("max_tokens") int maxTokens,
      String system,
      List<Message> messages,
      List<Tool> tools,
      Double temperature,
      Boolean stream) {}

  /** A request message: a role and content blocks. */
  public record Message(String role, List<Block> content) {}

  /** A request content block: {@code text}, {@code tool_use} or {@code tool_result}. */
  public record Block(
      String type,
      String text,
      String id,
      String name,
      JsonNode input,
      @JsonProperty("tool_use_id") String toolUseId,
      String content) {

    /** A text block. */
    public static Block text(String text) {
      return new Block("text", text, null, null, null, null, null);
    }

    /** A tool_use block. */
    public static Block toolUse(String id, String name, JsonNode input) {
      return new Block("tool_use", null, id, name, input, null, null);
    }

    /** A tool_result block. */
    public static Block toolResult(String toolUseId, String content) {
      return new Block("tool_result", null, null, null, null, toolUseId, content);
    }
  }

  /** A tool offered to the model. */
  public record Tool(
      String name, String description, @JsonProperty("input_schema") JsonNode inputSchema) {}

  /** A non-streamed answer, or an error object ({@code type: error}). */
  public record MessageDto(
      String id,
      String type,
      String model,
      List<ContentBlock> content,
      @JsonProperty("stop_reason") String stopReason,
      UsageDto usage,
      JsonNode error) {}

  /** A response content block. */
  public record ContentBlock(String type, String text, String id, String name, JsonNode input) {}

  /** Token usage. */
  public record UsageDto(
      @JsonProperty("input_tokens") Integer inputTokens,
      @JsonProperty("output_tokens") Integer outputTokens) {}

  /** One stream event. */
  public record Event(
      String type,
      MessageDto message,
      Integer index,
      @JsonProperty("content_block") ContentBlock contentBlock,
      EventDelta delta,
      UsageDto usage,
      JsonNode error) {}

  /** The delta of a {@code content_block_delta} or {@code message_delta} event. */
  public record EventDelta(
      String type,
      String text,
      @JsonProperty("partial_json") String partialJson,
      String thinking,
      @JsonProperty("stop_reason") String stopReason) {}
}
