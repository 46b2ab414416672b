package dev.orchestrator.providers.internal.wire;

import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Tool-call ids made valid for the route's provider (docs/design.md §13): a history produced by one
 * provider carries ids another rejects — Mistral takes exactly nine letters and digits, Anthropic
 * only {@code [a-zA-Z0-9_-]}, OpenAI at most 40 characters. An id the target accepts is kept; any
 * other is replaced by one derived from a hash of it, the same replacement for a call and for the
 * result that answers it, and never one that another id of the request already uses. The mapping
 * depends only on the request, so a retry or another route of the same family sends the same ids.
 * Stateless, thread-safe.
 */
public final class ToolCallIds {
  private static final char[] ALNUM =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

  /**
   * What a provider family accepts as a tool-call id, and how it mints a replacement.
   *
   * @param name the family, for messages
   * @param valid the ids it accepts
   * @param prefix put before a replacement's hash characters
   * @param hashLength how many hash characters a replacement has
   */
  public record Rule(String name, Pattern valid, String prefix, int hashLength) {
    /** Whether the family accepts {@code id}. */
    public boolean accepts(String id) {
      return id != null && valid.matcher(id).matches();
    }
  }

  /** OpenAI: at most 40 characters (its API refuses longer ids). */
  public static final Rule OPENAI = new Rule("openai", Pattern.compile("(?s).{1,40}"), "call_", 24);

  /** Anthropic: {@code ^[a-zA-Z0-9_-]+$} (its API refuses any other character). */
  public static final Rule ANTHROPIC =
      new Rule("anthropic", Pattern.compile("[a-zA-Z0-9_-]{1,64}"), "toolu_", 24);

  /** Mistral: exactly nine letters and digits. */
  public static final Rule MISTRAL = new Rule("mistral", Pattern.compile("[a-zA-Z0-9]{9}"), "", 9);

  private ToolCallIds() {}

  /** The rule of an OpenAI-protocol provider: Mistral's for Mistral, OpenAI's otherwise. */
  public static Rule forOpenAiProtocol(String providerId) {
    return providerId != null && providerId.toLowerCase(Locale.ROOT).startsWith("mistral")
        ? MISTRAL
        : OPENAI;
  }

  /**
   * {@code messages} with every tool-call id {@code rule} rejects replaced, consistently for calls
   * and results; the same list when every id is accepted.
   */
  public static List<ChatMessage> conform(List<ChatMessage> messages, Rule rule) {
    Map<String, String> replaced = replacements(messages, rule);
    if (replaced.isEmpty()) {
      return messages;
    }
    List<ChatMessage> out = new ArrayList<>(messages.size());
    for (ChatMessage m : messages) {
      out.add(rewrite(m, replaced));
    }
    return out;
  }

  /**
   * The replacement of every tool-call id of {@code messages} that {@code rule} rejects, keyed by
   * the id it replaces; empty when every id is accepted. What {@link #conform} applies.
   */
  public static Map<String, String> replacements(List<ChatMessage> messages, Rule rule) {
    Set<String> rejected = new HashSet<>();
    Set<String> kept = new HashSet<>();
    for (ChatMessage m : messages) {
      for (ToolCall c : m.toolCalls()) {
        (rule.accepts(c.id()) ? kept : rejected).add(c.id());
      }
      if (m.toolCallId() != null) {
        (rule.accepts(m.toolCallId()) ? kept : rejected).add(m.toolCallId());
      }
    }
    rejected.remove(null);
    if (rejected.isEmpty()) {
      return Map.of();
    }
    return replacements(rejected, kept, rule);
  }

  private static Map<String, String> replacements(
      Set<String> rejected, Set<String> kept, Rule rule) {
    Set<String> taken = new HashSet<>(kept);
    Map<String, String> out = new HashMap<>();
    // In a fixed order, so that a collision resolves the same way on every send.
    for (String id : rejected.stream().sorted().toList()) {
      out.put(id, mint(id, rule, taken));
    }
    return out;
  }

  /**
   * A new id for another use of {@code id} in one request, valid under {@code rule} and in none of
   * {@code taken}, which it joins; derived from {@code id} alone, so every send mints the same.
   */
  public static String another(String id, Rule rule, Set<String> taken) {
    return mint(id + "#again", rule, taken);
  }

  // An id valid under rule, derived from seed and in none of taken, which it joins.
  private static String mint(String seed, Rule rule, Set<String> taken) {
    String candidate;
    int salt = 0;
    do {
      candidate = rule.prefix() + hash(seed, salt++, rule.hashLength());
    } while (!taken.add(candidate));
    return candidate;
  }

  private static ChatMessage rewrite(ChatMessage m, Map<String, String> replaced) {
    boolean calls = false;
    for (ToolCall c : m.toolCalls()) {
      calls |= replaced.containsKey(c.id());
    }
    boolean result = m.role() == Role.TOOL && replaced.containsKey(m.toolCallId());
    if (!calls && !result) {
      return m;
    }
    ChatMessage.Builder b = m.toBuilder();
    if (result) {
      b.toolCallId(replaced.get(m.toolCallId()));
    }
    if (calls) {
      List<ToolCall> mapped = new ArrayList<>();
      for (ToolCall c : m.toolCalls()) {
        String id = replaced.getOrDefault(c.id(), c.id());
        mapped.add(c.withId(id));
      }
      b.toolCalls(mapped);
    }
    return b.build();
  }

  private static String hash(String id, int salt, int length) {
    byte[] digest;
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(id.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) salt);
      digest = sha.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(ALNUM[(digest[i % digest.length] & 0xff) % ALNUM.length]);
    }
    return sb.toString();
  }
}
