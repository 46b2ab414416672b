package dev.orchestrator.providers.internal.history;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import dev.orchestrator.providers.internal.wire.ToolCallIds;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adapts a request's history to what a provider {@link Family} accepts, before the route's encoder
 * writes it (docs/design.md §13): foreign tool-call ids, reasoning and signatures another family
 * issued, system messages in the middle, empty turns, tool results away from their calls. Every
 * change is named in {@link Normalised#adapted()} ({@code messages[i]…: what (why)}) and reaches
 * the trace; nothing is changed silently. Deterministic: a retry or another route of the same
 * family gets the same history. Stateless, thread-safe.
 */
public final class HistoryNormaliser {
  /**
   * The thought signature Gemini documents for a function call it did not issue
   * (https://ai.google.dev/gemini-api/docs/thought-signatures, "FAQ": a history from another model
   * or one built by hand).
   */
  public static final String GEMINI_PLACEHOLDER = "skip_thought_signature_validator";

  /**
   * The assistant turn put between tool results and a user message for a family that refuses a user
   * message there (Mistral). Mistral refuses an empty assistant turn ("Assistant message must have
   * either content or tool_calls"), so the turn says the least a turn can: pydantic-ai's Mistral
   * model inserts the same text for the same refusal
   * (https://github.com/pydantic/pydantic-ai/blob/main/pydantic_ai_slim/pydantic_ai/models/mistral.py,
   * "to work around `Unexpected role 'user' after role 'tool'` error"); ADR 0035 weighs the
   * alternatives.
   */
  public static final String BRIDGE = "OK";

  /**
   * The word a failed tool result's content starts with for a family whose tool message has no
   * error flag (every family but Anthropic, whose {@code tool_result} has {@code is_error}): {@code
   * Error: } and the result's text, or {@code Error} alone ahead of a result that starts with no
   * text (ADR 0055). The words tool stacks write for a failed call (LangGraph's tool node, MCP
   * servers' messages), so that the model reads the result as the failure the agent reported.
   */
  public static final String TOOL_ERROR = "Error";

  /**
   * The text of a tool result that returned nothing (a command with no output), for a family that
   * refuses an empty result: Anthropic reads an empty {@code tool_result} as no result at all and
   * answers that the {@code tool_use} has none ("the API fails if we return an empty string here.
   * It thinks we are sending a tool use without a tool result",
   * https://github.com/zed-industries/zed/pull/27130; the same refusal in
   * https://github.com/anomalyco/opencode/issues/15371, which sends these words), and Gemini
   * refuses any empty content ("Unable to submit request because it has an empty text parameter", a
   * tool with no output as https://github.com/aaif-goose/goose/pull/1425 met it). It says what
   * happened and nothing more (ADR 0032, addendum).
   */
  public static final String EMPTY_RESULT = "(no output)";

  /**
   * The text left in a tool result whose images or files were moved to the user message after the
   * results ({@link Family#toolResultsTextOnly()}), for a family that refuses an empty result: the
   * model is told where the result's content went, not that the tool returned nothing.
   */
  public static final String MOVED_RESULT = "(its content follows the tool results)";

  private HistoryNormaliser() {}

  /**
   * A history as a family receives it.
   *
   * @param messages the adapted messages
   * @param adapted what was changed or left out, one entry per change, in message order
   * @param idsBack the caller's tool-call id of every id that was replaced, keyed by its
   *     replacement, to give the caller its own ids back when the route echoes one
   * @param thinkingOff whether Anthropic thinking stays off for this request: its tool loop's
   *     assistant turn carries no thinking block Anthropic signed, which thinking mode requires
   * @param strict whether this is the strictest form ({@link Profile#strictest()})
   * @param endUserLeftOut whether the request's end-user id ({@code user}) is left out: Mistral has
   *     no such field and refuses a request carrying one (422 {@code extra_forbidden}); the id is
   *     for the provider's abuse monitoring and changes no answer, so the route still serves the
   *     request, and the change is named
   * @param echoedPrefix the text of the final assistant message the normaliser marked {@code
   *     prefix} (Mistral), which the route's answer repeats before its continuation and the caller
   *     gets without ({@link Family#prefixOnFinalAssistant()}); {@code null} when none was marked
   */
  public record Normalised(
      List<ChatMessage> messages,
      List<String> adapted,
      Map<String, String> idsBack,
      boolean thinkingOff,
      boolean strict,
      boolean endUserLeftOut,
      String echoedPrefix) {
    /** Copies. */
    public Normalised {
      messages = List.copyOf(messages);
      adapted = List.copyOf(adapted);
      idsBack = Map.copyOf(idsBack);
    }

    /**
     * This history with {@code more} named after its own entries: what the route's encoder
     * translates of the request (a PDF {@code file} part sent to Anthropic as a {@code document}
     * block) is named like every adaptation, in the same list.
     */
    public Normalised withAdapted(List<String> more) {
      if (more.isEmpty()) {
        return this;
      }
      List<String> all = new ArrayList<>(adapted);
      all.addAll(more);
      return new Normalised(
          messages, all, idsBack, thinkingOff, strict, endUserLeftOut, echoedPrefix);
    }

    /**
     * {@code r} as the route's encoder writes it: these messages, and no reasoning effort when
     * thinking stays off. The strictest form is never the caller's own body: its native body no
     * longer applies to any history (its protocol headers still go with it). A request nothing was
     * adapted in is returned as it is, not built again.
     */
    public ChatRequest applyTo(ChatRequest r) {
      if (!strict
          && !endUserLeftOut
          && (!thinkingOff || r.reasoningEffort() == null)
          && sameMessages(r.messages())) {
        return r;
      }
      ChatRequest.Builder b = r.toBuilder().messages(messages);
      if (thinkingOff) {
        b.reasoningEffort(null);
      }
      if (endUserLeftOut) {
        b.endUser(null);
      }
      NativeRequest n = r.nativeRequest();
      if (strict && n != null) {
        b.nativeRequest(
            new NativeRequest(n.protocol(), n.body(), n.headers(), List.of(), n.contract()));
      }
      return b.build();
    }

    /** Whether these are {@code original}'s own messages, each one kept as it was. */
    private boolean sameMessages(List<ChatMessage> original) {
      if (messages.size() != original.size()) {
        return false;
      }
      for (int i = 0; i < messages.size(); i++) {
        if (messages.get(i) != original.get(i)) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * {@code r}'s history adapted for {@code family}'s own table.
   *
   * @throws RequestEncodingException when the history holds what the family cannot take and nothing
   *     here can convert (an image by URL for a family that takes only inline data)
   */
  public static Normalised normalise(ChatRequest r, Family family) throws RequestEncodingException {
    return normalise(r, Profile.of(family));
  }

  /**
   * {@code r}'s history adapted for {@code profile}.
   *
   * @throws RequestEncodingException when the history holds what the family cannot take and nothing
   *     here can convert (an image by URL for a family that takes only inline data), or when no
   *     message is left to send
   */
  public static Normalised normalise(ChatRequest r, Profile profile)
      throws RequestEncodingException {
    Family family = profile.family();
    List<String> adapted = new ArrayList<>();
    if (profile.strict()) {
      adapted.add(
          "history: sent in its strictest form ("
              + family.wireName()
              + " refused the history's shape; the one repair before failing over)");
    }
    boolean endUserLeftOut = r.user() != null && (family == Family.MISTRAL || profile.strict());
    if (endUserLeftOut) {
      adapted.add("user: left out (mistral refuses it)");
    }
    List<ChatMessage> in = r.messages();
    List<ChatMessage> out = new ArrayList<>(in.size());
    List<Integer> at = new ArrayList<>(in.size()); // the caller's index of each kept message
    StringBuilder lateSystem = new StringBuilder();
    boolean conversationStarted = false;
    for (int i = 0; i < in.size(); i++) {
      ChatMessage m = in.get(i);
      String where = "messages[" + i + "]";
      imagesByUrl(m, family, where);
      if (m.role() == Role.SYSTEM) {
        if (profile.systemFirstOnly() && conversationStarted && m.textOnly()) {
          lateSystem.append(lateSystem.length() > 0 ? "\n\n" : "").append(m.content());
          adapted.add(
              where
                  + ": system message moved into the leading system prompt ("
                  + family.wireName()
                  + " takes system messages only before the conversation)");
          continue;
        }
      } else {
        conversationStarted = true;
      }
      ChatMessage n = m.role() == Role.ASSISTANT ? assistant(m, profile, where, adapted) : m;
      if (n != null && n.toolError() && family != Family.ANTHROPIC) {
        // Only Anthropic's tool_result has is_error; no OpenAI-protocol message can carry it, so
        // the content says it: a failure must not read as the tool's answer (ADR 0055).
        n = failed(n);
        adapted.add(
            where
                + ".is_error: said in the content, which starts with \""
                + TOOL_ERROR
                + "\" ("
                + family.wireName()
                + " has no such field)");
      }
      n = refusedFields(n, profile, where, adapted);
      if (n == null) {
        continue;
      }
      out.add(n);
      at.add(i);
    }
    if (lateSystem.length() > 0) {
      foldSystem(out, at, lateSystem.toString());
    }
    if (family != Family.GENERIC || profile.strict()) {
      pairResults(out, at, adapted);
    }
    if (profile.toolResultsTextOnly()) {
      toolResultParts(out, at, adapted, profile);
    }
    NativeRequest own = r.nativeRequest();
    boolean ownMessagesBody =
        family == Family.ANTHROPIC
            && !profile.strict()
            && own != null
            && own.protocol() == Protocol.ANTHROPIC_MESSAGES;
    if (profile.noEmptyToolResults() && !ownMessagesBody) {
      // A Messages caller's results reach Anthropic as it wrote them (its body, cache_control and
      // all): a tool_result's content is optional in Anthropic's schema, and the engine cannot
      // tell an absent one from an empty one; a refusal of an empty one is repaired in the
      // strictest form, which says it.
      emptyToolResults(out, at, adapted, profile);
    }
    if (profile.assistantAfterToolResults()) {
      assistantAfterToolResults(out, at, adapted, profile);
    }
    String echoedPrefix = family.prefixOnFinalAssistant() ? prefix(out, at, adapted) : null;
    Map<String, String> renamed = new HashMap<>(); // an id given to a repeated call: the caller's
    if (family == Family.ANTHROPIC) {
      trimPrefill(out, at, adapted);
      sameRoleRuns(out, at, adapted);
      uniqueIds(out, at, adapted, profile.ids(), renamed);
    }
    boolean thinkingOff = family == Family.ANTHROPIC && thinkingOff(r, out);
    if (thinkingOff) {
      adapted.add(
          "reasoning_effort: thinking off for this request (anthropic thinking requires the"
              + " tool loop's assistant turn to start with a thinking block it signed)");
    }
    Map<String, String> replaced = ToolCallIds.replacements(out, profile.ids());
    Map<String, String> back = new HashMap<>(renamed);
    if (!replaced.isEmpty()) {
      for (int k = 0; k < out.size(); k++) {
        ChatMessage m = out.get(k);
        for (int j = 0; j < m.toolCalls().size(); j++) {
          String id = m.toolCalls().get(j).id();
          if (replaced.containsKey(id)) {
            adapted.add(
                "messages["
                    + at.get(k)
                    + "].tool_calls["
                    + j
                    + "].id: replaced, and its result's tool_call_id ("
                    + refuser(profile)
                    + " the id; the answer gives it back)");
          }
        }
      }
      replaced.forEach(
          (from, to) -> {
            back.remove(from); // an id given to a repeated call, replaced in turn
            back.put(to, renamed.getOrDefault(from, from));
          });
      out = ToolCallIds.conform(out, profile.ids());
    }
    if (out.isEmpty() && !in.isEmpty()) {
      // a request has a message to send (ChatRequest refuses one without): none is left here
      throw new RequestEncodingException(
          "messages: none left for " + family.wireName() + " (" + String.join("; ", adapted) + ")");
    }
    return new Normalised(
        out, adapted, back, thinkingOff, profile.strict(), endUserLeftOut, echoedPrefix);
  }

  /**
   * A failed tool result without its error flag, its content starting with {@link #TOOL_ERROR}:
   * {@code Error: } before its first text, or {@code Error} alone where the result starts with no
   * text (an image first, an empty text, no content).
   */
  private static ChatMessage failed(ChatMessage m) {
    List<ContentPart> parts = new ArrayList<>(m.parts());
    if (!parts.isEmpty() && parts.get(0) instanceof ContentPart.Text t) {
      parts.set(
          0, ContentPart.text(t.text().isEmpty() ? TOOL_ERROR : TOOL_ERROR + ": " + t.text()));
    } else {
      parts.add(0, ContentPart.text(TOOL_ERROR));
    }
    return m.toBuilder().toolError(false).parts(parts).build();
  }

  /** An assistant message with its reasoning, signatures and empty content adapted. */
  private static ChatMessage assistant(
      ChatMessage m, Profile profile, String where, List<String> adapted) {
    Family family = profile.family();
    ChatMessage.Builder b = m.toBuilder();
    String issuer = m.family() == null ? Family.ANTHROPIC.wireName() : m.family();
    // Thinking blocks: only signed ones, and only to the family that signed them.
    List<Thinking> kept = new ArrayList<>();
    StringBuilder thinkingText = new StringBuilder();
    int dropped = 0;
    for (Thinking t : m.thinking()) {
      boolean signed = t.signature() != null || t.isRedacted();
      if (family == Family.ANTHROPIC
          && signed
          && issuer.equals(family.wireName())
          && !profile.strict()) {
        kept.add(t);
      } else {
        dropped++;
        thinkingText.append(t.text());
      }
    }
    if (dropped > 0) {
      b.thinking(kept);
      adapted.add(
          where
              + ".thinking: "
              + dropped
              + " block(s) left out ("
              + (profile.strict()
                  ? "the strictest form sends no thinking"
                  : family == Family.ANTHROPIC
                      ? "anthropic takes back only thinking blocks it signed"
                      : "thinking blocks go back only to the family that signed them")
              + ")");
    }
    String reasoning = m.reasoningContent();
    switch (profile.reasoning()) {
      case REJECTED:
        if (reasoning != null) {
          b.reasoningContent(null);
          adapted.add(where + ".reasoning_content: left out (" + refuser(profile) + " it)");
        }
        break;
      case SIGNED_BLOCKS:
        if (reasoning != null) {
          b.reasoningContent(null);
          if (kept.isEmpty()) {
            adapted.add(
                where
                    + ".reasoning_content: left out (anthropic takes reasoning only as thinking"
                    + " blocks it signed)");
          }
        }
        break;
      case REQUIRED_ON_TOOL_TURNS:
        if (reasoning == null && !m.toolCalls().isEmpty()) {
          String text = thinkingText.toString();
          b.reasoningContent(text);
          adapted.add(
              where
                  + ".reasoning_content: "
                  + (text.isEmpty() ? "empty one added" : "set from the thinking blocks")
                  + " ("
                  + family.wireName()
                  + " thinking mode requires it on assistant tool-call turns)");
        }
        break;
      case KEPT:
      default:
        break;
    }
    // Gemini thought signatures: replayed to Gemini, the placeholder where Gemini issued none.
    if (!m.toolCalls().isEmpty()) {
      List<ToolCall> calls = new ArrayList<>(m.toolCalls());
      boolean signed = false;
      for (ToolCall c : calls) {
        signed |= c.thoughtSignature() != null;
      }
      if (family.thoughtSignatures() && profile.strict()) {
        if (!GEMINI_PLACEHOLDER.equals(calls.get(0).thoughtSignature())) {
          calls.replaceAll(c -> c.withThoughtSignature(null));
          calls.set(0, calls.get(0).withThoughtSignature(GEMINI_PLACEHOLDER));
          b.toolCalls(calls);
          adapted.add(
              where
                  + ".tool_calls: thought signatures replaced by "
                  + GEMINI_PLACEHOLDER
                  + " (the strictest form; gemini refused the history)");
        }
      } else if (family.thoughtSignatures()) {
        if (calls.get(0).thoughtSignature() == null) {
          calls.set(0, calls.get(0).withThoughtSignature(GEMINI_PLACEHOLDER));
          b.toolCalls(calls);
          adapted.add(
              where
                  + ".tool_calls[0]: thought signature "
                  + GEMINI_PLACEHOLDER
                  + " added (the call came without one: gemini did not issue it, or it"
                  + " came back through a protocol with no place for gemini's, as Anthropic"
                  + " Messages; gemini requires one)");
        }
      } else if (signed) {
        calls.replaceAll(c -> c.withThoughtSignature(null));
        b.toolCalls(calls);
        adapted.add(
            where
                + ".tool_calls: thought signatures left out (only gemini verifies them; "
                + family.wireName()
                + " refuses extra_content)");
      }
    }
    // An empty text beside tool calls says nothing: the turn is written as calls only. Anthropic
    // refuses a whitespace-only text block ("\n\n" beside calls, which models send) wherever it
    // stands: the encoder leaves such a text out, and a turn of nothing else is an empty turn.
    boolean anthropic = family == Family.ANTHROPIC;
    if (anthropic || !m.toolCalls().isEmpty()) {
      List<ContentPart> parts = new ArrayList<>(m.parts());
      if (parts.removeIf(
          p ->
              p instanceof ContentPart.Text t
                  && (anthropic ? t.text().isBlank() : t.text().isEmpty()))) {
        b.parts(parts);
      }
    }
    ChatMessage n = b.build();
    if (profile.noEmptyMessages()
        && n.parts().isEmpty()
        && n.toolCalls().isEmpty()
        && n.refusal() == null
        && n.thinking().isEmpty()) {
      adapted.add(
          where
              + ": empty assistant message left out ("
              + refuser(profile)
              + " a message without content)");
      return null;
    }
    return n;
  }

  /**
   * Refuses an image by URL for a family that takes only inline base64 data: fetching it to convert
   * it is not the gateway's to do (docs/design.md §13), so the request is not sent to that family,
   * and the refusal names the field.
   */
  private static void imagesByUrl(ChatMessage m, Family family, String where)
      throws RequestEncodingException {
    if (family.imagesByUrl()) {
      return;
    }
    for (int j = 0; j < m.parts().size(); j++) {
      if (m.parts().get(j) instanceof ContentPart.Image img && !img.inline()) {
        throw new RequestEncodingException(
            where
                + ".content["
                + j
                + "].image_url.url: an image by URL ("
                + family.wireName()
                + " takes images only as base64 data in a data: URL; the orchestrator does not"
                + " fetch images)");
      }
    }
  }

  /** {@code m} without the message fields {@code family} refuses; {@code null} stays null. */
  private static ChatMessage refusedFields(
      ChatMessage m, Profile profile, String where, List<String> adapted) {
    Family family = profile.family();
    if (m == null || profile.refusedFields(m.role()).isEmpty()) {
      return m;
    }
    ChatMessage.Builder b = null;
    for (String field : profile.refusedFields(m.role())) {
      boolean refusal = field.equals("refusal") && m.refusal() != null;
      boolean name = field.equals("name") && m.name() != null;
      if (refusal || name || m.extra().containsKey(field)) {
        b = b == null ? m.toBuilder() : b;
        if (refusal) {
          b.refusal(null);
        }
        if (name) {
          b.name(null);
        }
        b.removeExtra(field);
        adapted.add(where + "." + field + ": left out (" + refuser(profile) + " it)");
      }
    }
    if (b == null) {
      return m;
    }
    ChatMessage n = b.build();
    if (n.role() == Role.ASSISTANT
        && n.parts().isEmpty()
        && n.toolCalls().isEmpty()
        && n.thinking().isEmpty()
        && m.refusal() != null) {
      // A refusal the family cannot take is still the turn's text.
      n = n.toBuilder().text(m.refusal()).build();
      adapted.add(where + ".refusal: sent as the message's text");
    }
    return n;
  }

  /** Who refuses what is left out: the family, or some family for the strictest form. */
  private static String refuser(Profile profile) {
    return profile.strict()
        ? "in the strictest form: a family refuses"
        : profile.family().wireName() + " refuses";
  }

  /** Puts {@code text} at the end of the leading system message, creating one when none leads. */
  private static void foldSystem(List<ChatMessage> out, List<Integer> at, String text) {
    if (!out.isEmpty() && out.get(0).role() == Role.SYSTEM && out.get(0).textOnly()) {
      out.set(0, ChatMessage.system(out.get(0).content() + "\n\n" + text));
    } else {
      out.add(0, ChatMessage.system(text));
      at.add(0, 0);
    }
  }

  /**
   * Moves each tool result right after the assistant turn that made its call, ahead of any other
   * message between them: Anthropic wants {@code tool_result} in the message right after the {@code
   * tool_use}, OpenAI-protocol families want tool messages right after the calls.
   */
  private static void pairResults(List<ChatMessage> out, List<Integer> at, List<String> adapted) {
    for (int i = 0; i < out.size(); i++) {
      ChatMessage m = out.get(i);
      if (m.role() != Role.ASSISTANT || m.toolCalls().isEmpty()) {
        continue;
      }
      Set<String> ids = new HashSet<>();
      m.toolCalls().forEach(c -> ids.add(c.id()));
      int end = i + 1;
      while (end < out.size() && out.get(end).role() != Role.ASSISTANT) {
        end++;
      }
      List<ChatMessage> results = new ArrayList<>();
      List<Integer> resultsAt = new ArrayList<>();
      List<ChatMessage> others = new ArrayList<>();
      List<Integer> othersAt = new ArrayList<>();
      boolean moved = false;
      for (int k = i + 1; k < end; k++) {
        ChatMessage o = out.get(k);
        if (o.role() == Role.TOOL && ids.contains(o.toolCallId())) {
          if (!others.isEmpty()) {
            moved = true;
            adapted.add(
                "messages["
                    + at.get(k)
                    + "]: tool result moved right after its tool call (results follow their"
                    + " calls)");
          }
          results.add(o);
          resultsAt.add(at.get(k));
        } else {
          others.add(o);
          othersAt.add(at.get(k));
        }
      }
      if (moved) {
        int k = i + 1;
        for (int j = 0; j < results.size(); j++, k++) {
          out.set(k, results.get(j));
          at.set(k, resultsAt.get(j));
        }
        for (int j = 0; j < others.size(); j++, k++) {
          out.set(k, others.get(j));
          at.set(k, othersAt.get(j));
        }
      }
    }
  }

  /**
   * Moves what is not text out of the tool results (a screenshot an Anthropic {@code tool_result}
   * or a Responses {@code function_call_output} carries, a file) into a user message right after
   * the run of results they belong to — the start of the user message that follows them, when one
   * does, else a new one — for a family that takes only text in a tool result. The results stay
   * right after their calls, the model still sees the images, and each move is named.
   */
  private static void toolResultParts(
      List<ChatMessage> out, List<Integer> at, List<String> adapted, Profile profile) {
    String why =
        (profile.strict()
                ? "in the strictest form: a family takes"
                : profile.family().wireName() + " takes")
            + " only text in a tool result";
    for (int k = 0; k < out.size(); k++) {
      if (out.get(k).role() != Role.TOOL) {
        continue;
      }
      int end = k;
      while (end < out.size() && out.get(end).role() == Role.TOOL) {
        end++;
      }
      List<ContentPart> moved = new ArrayList<>();
      for (int t = k; t < end; t++) {
        ChatMessage m = out.get(t);
        if (m.textOnly()) {
          continue;
        }
        List<ContentPart> text = new ArrayList<>();
        for (int j = 0; j < m.parts().size(); j++) {
          ContentPart p = m.parts().get(j);
          if (p instanceof ContentPart.Text) {
            text.add(p);
            continue;
          }
          moved.add(p);
          adapted.add(
              "messages["
                  + at.get(t)
                  + "].content["
                  + j
                  + "]: "
                  + (p instanceof ContentPart.Image ? "image" : p.type() + " part")
                  + " moved to a user message after the tool results ("
                  + why
                  + ")");
        }
        if (text.isEmpty() && profile.noEmptyToolResults()) {
          text.add(ContentPart.text(MOVED_RESULT));
          adapted.add(
              "messages["
                  + at.get(t)
                  + "].content: \""
                  + MOVED_RESULT
                  + "\" left in the tool result ("
                  + whoRefusesEmptyResults(profile)
                  + ")");
        }
        out.set(t, m.toBuilder().parts(text).build());
      }
      if (!moved.isEmpty()) {
        if (end < out.size() && out.get(end).role() == Role.USER) {
          ChatMessage next = out.get(end);
          moved.addAll(next.parts());
          out.set(end, next.toBuilder().parts(moved).build());
        } else {
          out.add(end, ChatMessage.builder(Role.USER).parts(moved).build());
          at.add(end, at.get(end - 1));
        }
      }
      k = end - 1;
    }
  }

  /**
   * Gives a tool result with no content ({@code ""}, no parts, or only empty texts) the text {@link
   * #EMPTY_RESULT}, for a family that refuses an empty result; named. A result flagged as failed
   * keeps its flag and content where the wire has the flag (Anthropic's {@code is_error}): the
   * refusals on record are of results that say nothing, and the flag says the call failed (on other
   * families the content already starts with {@link #TOOL_ERROR}).
   */
  private static void emptyToolResults(
      List<ChatMessage> out, List<Integer> at, List<String> adapted, Profile profile) {
    for (int k = 0; k < out.size(); k++) {
      ChatMessage m = out.get(k);
      if (m.role() != Role.TOOL
          || m.toolError()
          || !m.parts().stream()
              .allMatch(p -> p instanceof ContentPart.Text t && t.text().isEmpty())) {
        continue;
      }
      out.set(k, m.toBuilder().parts(List.of(ContentPart.text(EMPTY_RESULT))).build());
      adapted.add(
          "messages["
              + at.get(k)
              + "].content: empty tool result sent as \""
              + EMPTY_RESULT
              + "\" ("
              + whoRefusesEmptyResults(profile)
              + ")");
    }
  }

  private static String whoRefusesEmptyResults(Profile profile) {
    return (profile.strict() ? "in the strictest form: a family" : profile.family().wireName())
        + " refuses an empty tool result";
  }

  /**
   * Puts an assistant turn of {@link #BRIDGE} between a run of tool results and the user message
   * right after it, for a family that takes no user message there (Mistral: only an assistant or
   * another tool message may follow a tool result). The user's words and the results stay as they
   * are, in their order; the turn is named in the trace, at the user message it precedes.
   */
  private static void assistantAfterToolResults(
      List<ChatMessage> out, List<Integer> at, List<String> adapted, Profile profile) {
    for (int k = 1; k < out.size(); k++) {
      if (out.get(k).role() != Role.USER || out.get(k - 1).role() != Role.TOOL) {
        continue;
      }
      out.add(k, ChatMessage.assistant(BRIDGE));
      at.add(k, at.get(k));
      adapted.add(
          "messages["
              + at.get(k)
              + "]: assistant turn \""
              + BRIDGE
              + "\" put before it ("
              + (profile.strict()
                  ? "in the strictest form: a family takes"
                  : profile.family().wireName() + " takes")
              + " no user message right after a tool result)");
      k++;
    }
  }

  /**
   * Marks a final assistant message of text (a prefill, or a cut stream's partial answer the engine
   * asks the route to continue) {@code "prefix": true}, which Mistral requires to continue it, and
   * leaves the flag out of any earlier message, where Mistral refuses it. Returns the marked text,
   * which the answer repeats and the caller gets without; {@code null} when the normaliser marked
   * none (the caller's own flag is its own: its answer is given as the route writes it).
   */
  private static String prefix(List<ChatMessage> out, List<Integer> at, List<String> adapted) {
    int last = out.size() - 1;
    for (int k = 0; k < last; k++) {
      ChatMessage m = out.get(k);
      if (m.role() == Role.ASSISTANT && m.extra().containsKey(PREFIX)) {
        out.set(k, m.toBuilder().removeExtra(PREFIX).build());
        adapted.add(
            "messages["
                + at.get(k)
                + "]."
                + PREFIX
                + ": left out (mistral takes it only on the final message)");
      }
    }
    if (last < 0) {
      return null;
    }
    ChatMessage m = out.get(last);
    if (m.role() != Role.ASSISTANT
        || !m.toolCalls().isEmpty()
        || m.content().isEmpty()
        || m.extra().containsKey(PREFIX)) {
      return null;
    }
    out.set(last, m.toBuilder().extra(PREFIX, Boolean.TRUE).build());
    adapted.add(
        "messages["
            + at.get(last)
            + "]."
            + PREFIX
            + ": true added (mistral continues a final assistant message only when it is marked as"
            + " a prefix; the answer repeats it, and the caller gets the answer without it)");
    return m.content();
  }

  private static final String PREFIX = "prefix";

  /**
   * Leaves out the trailing whitespace of a final assistant message's last text (a prefill: the
   * caller's, or the partial answer of a cut stream the engine asks a route to continue). Anthropic
   * refuses it ("messages: final assistant content cannot end with trailing whitespace"), as
   * langchain-anthropic and the Vercel AI SDK, which trim it the same way, document; other families
   * take it.
   */
  private static void trimPrefill(List<ChatMessage> out, List<Integer> at, List<String> adapted) {
    int k = out.size() - 1;
    if (k < 0 || out.get(k).role() != Role.ASSISTANT || !out.get(k).toolCalls().isEmpty()) {
      return;
    }
    ChatMessage m = out.get(k);
    List<ContentPart> parts = new ArrayList<>(m.parts());
    for (int j = parts.size() - 1; j >= 0; j--) {
      if (!(parts.get(j) instanceof ContentPart.Text t) || t.text().isBlank()) {
        continue; // a blank text is not sent to Anthropic at all
      }
      String trimmed = t.text().stripTrailing();
      if (!trimmed.equals(t.text())) {
        parts.set(j, ContentPart.text(trimmed));
        out.set(k, m.toBuilder().parts(parts).build());
        adapted.add(
            "messages["
                + at.get(k)
                + "].content: trailing whitespace left out (anthropic refuses a final assistant message"
                + " that ends in whitespace)");
      }
      return;
    }
  }

  /**
   * Names the consecutive user or assistant messages the Anthropic encoder joins into one turn, and
   * an assistant message whose thinking the encoder puts first in a turn that starts with another
   * block (Anthropic refuses a tool loop's turn that does not start with its thinking).
   */
  private static void sameRoleRuns(List<ChatMessage> out, List<Integer> at, List<String> adapted) {
    Boolean startsWithThinking = null; // of the assistant turn being joined; null: no block yet
    for (int k = 0; k < out.size(); k++) {
      ChatMessage m = out.get(k);
      Role cur = m.role();
      boolean joined =
          k > 0 && cur != Role.SYSTEM && cur != Role.TOOL && cur == out.get(k - 1).role();
      if (!joined) {
        startsWithThinking = null;
      }
      boolean first = joined && cur == Role.ASSISTANT && startsWithThinking == Boolean.FALSE;
      if (joined) {
        adapted.add(
            "messages["
                + at.get(k)
                + "]: joined to the "
                + cur.wireName()
                + " message before it"
                + (first && !m.thinking().isEmpty()
                    ? ", its thinking blocks first (anthropic wants alternating turns, each"
                        + " starting with its thinking)"
                    : " (anthropic wants alternating turns)"));
      }
      if (cur == Role.ASSISTANT && startsWithThinking == null) {
        startsWithThinking = firstBlockIsThinking(m);
      }
    }
  }

  /**
   * Whether the first block the Anthropic encoder writes for assistant message {@code m} is a
   * thinking block; {@code null} when it writes none (only blank text).
   */
  private static Boolean firstBlockIsThinking(ChatMessage m) {
    if (!m.thinking().isEmpty()) {
      return true; // only signed and redacted blocks are left for Anthropic: each is written
    }
    boolean written =
        !m.toolCalls().isEmpty()
            || m.parts().stream()
                .anyMatch(p -> !(p instanceof ContentPart.Text t) || !t.text().isBlank());
    return written ? Boolean.FALSE : null;
  }

  /**
   * Gives every tool call after the first that uses an id already used in the request a new one,
   * and the results that answer it (the ones after its turn naming that id, in the calls' order)
   * the same: Anthropic refuses a request in which two {@code tool_use} blocks share an id, and a
   * server that numbers each answer's calls ({@code call_0}, {@code call_1}…) repeats ids from one
   * loop to the next. {@code renamed} gets each new id with the caller's.
   */
  private static void uniqueIds(
      List<ChatMessage> out,
      List<Integer> at,
      List<String> adapted,
      ToolCallIds.Rule rule,
      Map<String, String> renamed) {
    Set<String> taken = new HashSet<>();
    for (ChatMessage m : out) {
      m.toolCalls().forEach(c -> taken.add(c.id()));
      taken.add(m.toolCallId());
    }
    Set<String> used = new HashSet<>();
    Map<String, ArrayDeque<String>> answering = new HashMap<>(); // caller's id: ids sent, in order
    for (int k = 0; k < out.size(); k++) {
      ChatMessage m = out.get(k);
      if (m.role() == Role.ASSISTANT) {
        answering.clear();
        List<ToolCall> calls = new ArrayList<>(m.toolCalls());
        boolean changed = false;
        for (int j = 0; j < calls.size(); j++) {
          String id = calls.get(j).id();
          if (id == null) {
            continue;
          }
          String sent = id;
          if (!used.add(id)) {
            sent = ToolCallIds.another(id, rule, taken);
            used.add(sent);
            renamed.put(sent, id);
            calls.set(j, calls.get(j).withId(sent));
            changed = true;
            adapted.add(
                "messages["
                    + at.get(k)
                    + "].tool_calls["
                    + j
                    + "].id: replaced, and its result's tool_call_id (anthropic refuses an id an"
                    + " earlier call of the request has; the answer gives it back)");
          }
          answering.computeIfAbsent(id, x -> new ArrayDeque<>()).add(sent);
        }
        if (changed) {
          out.set(k, m.toBuilder().toolCalls(calls).build());
        }
      } else if (m.role() == Role.TOOL) {
        ArrayDeque<String> sent = answering.get(m.toolCallId());
        String id = sent == null ? null : sent.poll();
        if (id != null && !id.equals(m.toolCallId())) {
          out.set(k, m.toBuilder().toolCallId(id).build());
        }
      }
    }
  }

  /**
   * Whether thinking must stay off: it is asked for, and the last assistant turn is a tool loop's
   * whose first block would not be a thinking block Anthropic signed. Only tool results and user
   * messages follow that turn: Anthropic reads them as one user turn, which still answers its calls
   * when the agent adds text after the results (Codex's input does).
   */
  private static boolean thinkingOff(ChatRequest r, List<ChatMessage> out) {
    if (r.reasoningEffort() == null || r.reasoningEffort().anthropicBudgetTokens() == 0) {
      return false;
    }
    for (int k = out.size() - 1; k >= 0; k--) {
      ChatMessage m = out.get(k);
      if (m.role() == Role.TOOL || m.role() == Role.USER) {
        continue;
      }
      return m.role() == Role.ASSISTANT && !m.toolCalls().isEmpty() && m.thinking().isEmpty();
    }
    return false;
  }
}
