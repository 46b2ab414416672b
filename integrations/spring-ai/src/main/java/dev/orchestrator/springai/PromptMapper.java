package dev.orchestrator.springai;

import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.content.Media;
import org.springframework.ai.model.tool.StructuredOutputChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;

/**
 * Spring AI's prompt → the engine's request (ADR 0020, mapping table). Nothing is dropped: media
 * other than images is an {@link IllegalArgumentException} naming it. Stateless.
 */
final class PromptMapper {
  private PromptMapper() {}

  /** The engine request for {@code prompt}, whose options already include the defaults. */
  static ChatRequest toEngine(Prompt prompt, ToolCallingManager tools) {
    ChatOptions o = prompt.getOptions();
    String model = o == null ? null : o.getModel();
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException(
          "model: " + model + " (expected: a model such as orchestrator/free)");
    }
    ChatRequest.Builder b =
        ChatRequest.builder(model)
            .temperature(o.getTemperature())
            .topP(o.getTopP())
            .maxTokens(o.getMaxTokens())
            .presencePenalty(o.getPresencePenalty())
            .frequencyPenalty(o.getFrequencyPenalty());
    if (o.getStopSequences() != null) {
      b.stop(o.getStopSequences());
    }
    if (o.getTopK() != null) {
      // No OpenAI field: forwarded as the extra field vLLM, OpenRouter and others read.
      b.extraBody("top_k", o.getTopK());
    }
    if (o instanceof ToolCallingChatOptions) {
      for (org.springframework.ai.tool.definition.ToolDefinition d :
          tools.resolveToolDefinitions((ToolCallingChatOptions) o)) {
        b.tool(new ToolDefinition(d.name(), d.description(), d.inputSchema()));
      }
    }
    if (o instanceof OrchestratorChatOptions) {
      String choice = ((OrchestratorChatOptions) o).getToolChoice();
      if (choice != null) {
        b.toolChoice(toolChoice(choice));
      }
    }
    if (o instanceof StructuredOutputChatOptions) {
      String schema = ((StructuredOutputChatOptions) o).getOutputSchema();
      if (schema != null && !schema.isBlank()) {
        b.responseFormat(new ResponseFormat("json_schema", schema));
      }
    }
    for (Message m : prompt.getInstructions()) {
      messages(m, b);
    }
    return b.build();
  }

  private static ToolChoice toolChoice(String choice) {
    switch (choice) {
      case "auto":
        return ToolChoice.AUTO;
      case "none":
        return ToolChoice.NONE;
      case "required":
        return ToolChoice.REQUIRED;
      default:
        return ToolChoice.function(choice);
    }
  }

  private static void messages(Message m, ChatRequest.Builder b) {
    switch (m.getMessageType()) {
      case SYSTEM:
        b.system(text(m));
        return;
      case USER:
        b.message(user((UserMessage) m));
        return;
      case ASSISTANT:
        b.message(assistant((AssistantMessage) m));
        return;
      case TOOL:
      default:
        // One Spring AI tool message carries every response of a turn; the engine has one each.
        for (ToolResponseMessage.ToolResponse r : ((ToolResponseMessage) m).getResponses()) {
          b.message(ChatMessage.tool(r.id(), r.responseData()));
        }
    }
  }

  private static String text(Message m) {
    return m.getText() == null ? "" : m.getText();
  }

  private static ChatMessage user(UserMessage m) {
    ChatMessage.Builder b = ChatMessage.builder(Role.USER);
    if (m.getText() != null && !m.getText().isEmpty()) {
      b.part(ContentPart.text(m.getText()));
    }
    for (Media media : m.getMedia()) {
      b.part(image(media));
    }
    return b.build();
  }

  private static ContentPart image(Media media) {
    String type = media.getMimeType().getType();
    if (!"image".equals(type)) {
      throw new IllegalArgumentException(
          "media: " + media.getMimeType() + " (expected: an image/* media type)");
    }
    Object data = media.getData();
    if (data instanceof URI || data instanceof URL) {
      return ContentPart.Image.fromUrl(data.toString(), null);
    }
    if (data instanceof String && ((String) data).matches("(?i)(https?|data):.*")) {
      return ContentPart.Image.fromUrl((String) data, null);
    }
    String mediaType = media.getMimeType().getType() + "/" + media.getMimeType().getSubtype();
    return new ContentPart.Image(
        null, mediaType, Base64.getEncoder().encodeToString(media.getDataAsByteArray()), null);
  }

  private static ChatMessage assistant(AssistantMessage m) {
    ChatMessage.Builder b = ChatMessage.builder(Role.ASSISTANT);
    // Thinking an Anthropic route signed (ResponseMapper's properties) goes back to Anthropic
    // routes as it was signed; unsigned reasoning is not replayed.
    Map<String, Object> p = m.getMetadata();
    Thinking.fromMessage(
            p.get(ResponseMapper.REASONING),
            p.get(ResponseMapper.THINKING_SIGNATURE),
            p.get(ResponseMapper.REDACTED_THINKING))
        .forEach(b::thinking);
    if (m.getText() != null && !m.getText().isEmpty()) {
      b.text(m.getText());
    }
    List<ToolCall> calls = new ArrayList<>();
    for (AssistantMessage.ToolCall c : m.getToolCalls()) {
      calls.add(new ToolCall(c.id(), c.name(), c.arguments()));
    }
    ToolCall.withThoughtSignatures(calls, p.get(ResponseMapper.THOUGHT_SIGNATURES))
        .forEach(b::toolCall);
    return b.build();
  }
}
