package dev.orchestrator.providers.internal.history;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.providers.internal.wire.ToolCallIds;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * A provider family: the providers that accept and reject the same history shapes. One small table
 * per family, each rule with the documentation it follows (the table is in {@code
 * providers/README.md}). A provider's family comes from its protocol and the start of its id
 * ({@code mistral}, {@code mistral-eu} → {@link #MISTRAL}); an OpenAI-compatible provider of no
 * known family is {@link #GENERIC}, which gets the history as the caller sent it but for ids over
 * 40 characters.
 */
public enum Family {
  /**
   * OpenAI chat completions: ids of at most 40 characters; {@code reasoning_content} (and
   * OpenRouter's {@code reasoning_details}) is not a message field and is refused
   * (https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages).
   */
  OPENAI(
      "openai",
      ToolCallIds.OPENAI,
      Reasoning.REJECTED,
      false,
      false,
      false,
      Set.of("annotations", "extra_content", "reasoning_details")),
  /**
   * Anthropic Messages: ids {@code ^[a-zA-Z0-9_-]+$}, only thinking blocks it signed, non-empty
   * text, {@code tool_result} right after its {@code tool_use}
   * (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks,
   * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-tool-use-and-tool-result-content-blocks);
   * a message has only {@code role} and {@code content}: no participant {@code name}, no {@code
   * refusal} (https://docs.anthropic.com/en/api/messages).
   */
  ANTHROPIC(
      "anthropic",
      ToolCallIds.ANTHROPIC,
      Reasoning.SIGNED_BLOCKS,
      false,
      true,
      true,
      Set.of("name", "refusal")),
  /**
   * Gemini's OpenAI-compatible endpoint: the thought signature it issued on replayed function
   * calls, the documented placeholder on calls it did not issue, no empty content
   * (https://ai.google.dev/gemini-api/docs/thought-signatures,
   * https://ai.google.dev/gemini-api/docs/openai#thinking).
   */
  GEMINI(
      "gemini",
      ToolCallIds.OPENAI,
      Reasoning.REJECTED,
      true,
      false,
      true,
      Set.of("annotations", "refusal")),
  /**
   * Mistral: ids of exactly nine letters and digits, no unknown fields (422), no system message
   * after an assistant or tool turn, no user message right after a tool result, a final assistant
   * message marked {@code prefix} ({@link #assistantAfterToolResults()}, {@link
   * #prefixOnFinalAssistant()}), an assistant message has content or tool calls, a participant
   * {@code name} only on a tool result (its {@code ToolMessage}; {@code SystemMessage}, {@code
   * UserMessage} and {@code AssistantMessage} have none: 422 {@code extra_forbidden} at {@code
   * messages.0.user.name})
   * (https://docs.mistral.ai/api/#tag/chat/operation/chat_completion_v1_chat_completions_post,
   * https://docs.mistral.ai/capabilities/function_calling/, mistralai/client-python's {@code
   * UserMessage} and {@code ToolMessage}:
   * https://github.com/mistralai/client-python/blob/main/docs/models/usermessage.md,
   * https://github.com/mistralai/client-python/blob/main/docs/models/toolmessage.md).
   */
  MISTRAL(
      "mistral",
      ToolCallIds.MISTRAL,
      Reasoning.REJECTED,
      false,
      true,
      true,
      Set.of("annotations", "extra_content", "name", "reasoning_details", "refusal")),
  /**
   * DeepSeek: in thinking mode an assistant tool-call turn must carry its {@code reasoning_content}
   * (https://api-docs.deepseek.com/guides/thinking_mode#tool-calls).
   */
  DEEPSEEK(
      "deepseek",
      ToolCallIds.OPENAI,
      Reasoning.REQUIRED_ON_TOOL_TURNS,
      false,
      false,
      false,
      Set.of("annotations", "extra_content")),
  /**
   * Moonshot Kimi: with thinking on, an assistant tool-call message must keep {@code
   * reasoning_content} (https://platform.moonshot.ai/docs/guide/use-kimi-k2-thinking-model); its
   * vision models take an image only as base64 data in a {@code data:} URL, not by URL
   * (https://platform.moonshot.ai/docs/guide/use-kimi-vision-model).
   */
  MOONSHOT(
      "moonshot",
      ToolCallIds.OPENAI,
      Reasoning.REQUIRED_ON_TOOL_TURNS,
      false,
      false,
      false,
      Set.of("annotations", "extra_content")),
  /**
   * Groq: a message carries only the fields its role defines; {@code reasoning_content}, {@code
   * refusal} and {@code annotations} are refused
   * (https://console.groq.com/docs/api-reference#chat-create,
   * https://console.groq.com/docs/openai#currently-unsupported-openai-features).
   */
  GROQ(
      "groq",
      ToolCallIds.OPENAI,
      Reasoning.REJECTED,
      false,
      false,
      false,
      Set.of("annotations", "extra_content", "reasoning_details", "refusal")),
  /** Any other OpenAI-compatible provider: the history as sent, ids at most 40 characters. */
  GENERIC("openai-compatible", ToolCallIds.OPENAI, Reasoning.KEPT, false, false, false, Set.of());

  /** What a family does with replayed reasoning. */
  public enum Reasoning {
    /** {@code reasoning_content} is sent as the caller replayed it. */
    KEPT,
    /** {@code reasoning_content} is refused: it is left out. */
    REJECTED,
    /** Required on assistant tool-call turns: the history's, else the documented empty form. */
    REQUIRED_ON_TOOL_TURNS,
    /** Only thinking blocks the family signed (Anthropic); unsigned reasoning is left out. */
    SIGNED_BLOCKS
  }

  private final String wireName;
  private final ToolCallIds.Rule ids;
  private final Reasoning reasoning;
  private final boolean thoughtSignatures;
  private final boolean systemFirstOnly;
  private final boolean noEmptyMessages;
  private final Set<String> refusedFields;

  Family(
      String wireName,
      ToolCallIds.Rule ids,
      Reasoning reasoning,
      boolean thoughtSignatures,
      boolean systemFirstOnly,
      boolean noEmptyMessages,
      Set<String> refusedFields) {
    this.wireName = wireName;
    this.ids = ids;
    this.reasoning = reasoning;
    this.thoughtSignatures = thoughtSignatures;
    this.systemFirstOnly = systemFirstOnly;
    this.noEmptyMessages = noEmptyMessages;
    this.refusedFields = refusedFields;
  }

  /** The family's name, as in {@link dev.orchestrator.engine.chat.ChatMessage#family()}. */
  public String wireName() {
    return wireName;
  }

  /** The tool-call ids it accepts. */
  public ToolCallIds.Rule ids() {
    return ids;
  }

  /** What it does with replayed reasoning. */
  public Reasoning reasoning() {
    return reasoning;
  }

  /** Whether it takes Gemini thought signatures on replayed function calls. */
  public boolean thoughtSignatures() {
    return thoughtSignatures;
  }

  /** Whether a system message may only lead the conversation. */
  public boolean systemFirstOnly() {
    return systemFirstOnly;
  }

  /**
   * Whether it refuses a message with no content (an assistant turn with neither text nor calls).
   */
  public boolean noEmptyMessages() {
    return noEmptyMessages;
  }

  /**
   * Whether it takes an image by URL; a family that does not takes only inline base64 data, and an
   * image by URL, which cannot be fetched and converted here, makes the request unsendable to it.
   */
  public boolean imagesByUrl() {
    return this != MOONSHOT;
  }

  /**
   * Whether a tool result may carry only text: OpenAI's chat completions take a tool message's
   * content as a string or text parts ("For tool messages, only type `text` is supported",
   * openai/openai-python's {@code ChatCompletionToolMessageParam}; an image there is refused,
   * "Image URLs are only allowed for messages with role 'user'"), and Groq, Gemini's
   * OpenAI-compatible endpoint, DeepSeek and Moonshot follow that message schema. Anthropic's
   * {@code tool_result} takes images
   * (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use), as does
   * Mistral's {@code ToolMessage}, whose content is a string or content chunks
   * (https://github.com/mistralai/client-python/blob/main/docs/models/toolmessage.md); a generic
   * provider gets the history as sent.
   */
  public boolean toolResultsTextOnly() {
    return this != ANTHROPIC && this != MISTRAL && this != GENERIC;
  }

  /**
   * Whether it refuses a tool result with no content (a command that printed nothing, or a result
   * whose only image was moved out of it): Anthropic reads an empty {@code tool_result} as a {@code
   * tool_use} without a result and refuses the request
   * (https://github.com/zed-industries/zed/pull/27130,
   * https://github.com/anomalyco/opencode/issues/15371), and Gemini refuses every empty content
   * ("Unable to submit request because it has an empty text parameter";
   * https://github.com/aaif-goose/goose/pull/1425 met it on a tool without output). Such a result
   * is sent with {@link HistoryNormaliser#EMPTY_RESULT}.
   */
  public boolean noEmptyToolResults() {
    return this == ANTHROPIC || this == GEMINI;
  }

  /**
   * Whether it refuses a user message right after a tool result: Mistral takes only an assistant or
   * another tool message there, and answers {@code 400 "Unexpected role 'user' after role 'tool'"}
   * ({@code invalid_request_message_order}, code {@code 3230}; mistral-common's {@code
   * MistralRequestValidator._validate_message_order}, whose words the API answers:
   * https://github.com/mistralai/mistral-common/blob/main/src/mistral_common/protocol/instruct/validator.py;
   * the body as https://github.com/avante-corp/avante.nvim/issues/2562 and
   * https://github.com/onyx-dot-app/onyx/issues/6458 show it). An agent sends that order whenever
   * its user speaks before the model answered the tool results (an interrupted loop, a reminder
   * after the results).
   */
  public boolean assistantAfterToolResults() {
    return this == MISTRAL;
  }

  /**
   * Whether it continues a final assistant message (a prefill, or a cut stream's partial answer the
   * engine asks it to continue) only when that message is marked {@code "prefix": true}: Mistral
   * refuses it otherwise ({@code 400 "Expected last role User or Tool (or Assistant with prefix
   * True) for serving but got assistant"}, code {@code 3230}; mistral-common's {@code
   * _validate_last_message}), takes the flag only on the last message ("Assistant message with
   * prefix True must be last message"), and documents it on its {@code AssistantMessage}: "Set this
   * to {@code true} when adding an assistant message as prefix to condition the model response"
   * (https://github.com/mistralai/client-python/blob/main/docs/models/assistantmessage.md). Its
   * answer then starts with the prefix: "The model will reply always starting with the exact same
   * string as a prefix" (Mistral's chat completion guide, prefix tab,
   * https://docs.mistral.ai/studio-api/conversations/chat-completion, and its prefix guide, which
   * cuts it off with {@code content[len(prefix):]}; both in
   * https://github.com/mistralai/platform-docs-public, {@code src/content/en/docs/}).
   */
  public boolean prefixOnFinalAssistant() {
    return this == MISTRAL;
  }

  /** Message fields it refuses on some message, left out when a history carries them. */
  public Set<String> refusedFields() {
    return refusedFields;
  }

  /**
   * Message fields it refuses on a message of {@code role}: {@link #refusedFields()}, but for the
   * participant {@code name} of a tool result, which Mistral takes.
   */
  public Set<String> refusedFields(Role role) {
    if (this == MISTRAL && role == Role.TOOL) {
      Set<String> fields = new TreeSet<>(refusedFields);
      fields.remove("name");
      return fields;
    }
    return refusedFields;
  }

  /** The family of a provider speaking {@code protocol} with id {@code providerId}. */
  public static Family of(Protocol protocol, String providerId) {
    if (protocol == Protocol.ANTHROPIC_MESSAGES) {
      return ANTHROPIC;
    }
    String id = providerId == null ? "" : providerId.toLowerCase(Locale.ROOT);
    for (Family f : values()) {
      if (f != GENERIC && f != ANTHROPIC && id.startsWith(f.wireName)) {
        return f;
      }
    }
    if (id.startsWith("google") || id.startsWith("vertex-gemini")) {
      return GEMINI;
    }
    if (id.startsWith("kimi")) {
      return MOONSHOT;
    }
    return GENERIC;
  }

  /** The family named {@code wireName}, or {@code null} when none is. */
  public static Family named(String wireName) {
    for (Family f : values()) {
      if (f.wireName.equals(wireName)) {
        return f;
      }
    }
    return null;
  }
}
