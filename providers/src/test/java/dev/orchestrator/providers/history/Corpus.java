package dev.orchestrator.providers.history;

import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Realistic multi-turn agent histories as each provider produced them (docs/design.md §13): the ids
 * each one mints, the reasoning and signatures it returns, the shapes agents replay. A history is
 * valid for the family that produced it; {@link #all()} is the corpus, {@link #history} a random
 * one for properties.
 */
public final class Corpus {
  private static final String ALNUM =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  /** Who produced the assistant turns. */
  public enum Origin {
    /** OpenAI: {@code call_} ids, content null beside calls. */
    OPENAI,
    /** Anthropic: {@code toolu_} ids, signed thinking, a text before the calls. */
    ANTHROPIC,
    /** Gemini: a thought signature on each turn's first call. */
    GEMINI,
    /** Mistral: nine-character ids, empty content beside calls. */
    MISTRAL,
    /** DeepSeek: {@code call_00_} ids and reasoning_content on tool turns. */
    DEEPSEEK,
    /** Moonshot Kimi: {@code functions.name:n} ids and reasoning_content. */
    MOONSHOT,
    /** Groq: {@code fc_} ids with dashes. */
    GROQ,
    /** OpenRouter: vertex-style Anthropic ids and replayed reasoning. */
    OPENROUTER,
    /** A gateway that mints long ids with separators. */
    GATEWAY,
    /**
     * A server that numbers each answer's calls {@code call_0}, {@code call_1}… (as the chat front
     * names an upstream's calls that came without an id), so a later loop repeats an earlier id.
     */
    PER_ANSWER
  }

  /** The conversation's shape. */
  public enum Shape {
    /** One tool call and its result. */
    SINGLE,
    /** Three parallel calls and their results. */
    PARALLEL,
    /** A loop, an answer, a new question, a second loop; thinking asked for. */
    TWO_LOOPS,
    /** A loop, then a system reminder mid-conversation, then a user question. */
    LATE_SYSTEM,
    /**
     * A loop the user interrupts: a user message right after the tool results, before any answer to
     * them (Zed's "stop this" during a tool loop, zed-industries/zed#31736; an agent's reminder
     * after the results).
     */
    INTERRUPTED
  }

  /**
   * One history.
   *
   * @param name origin and shape
   * @param request the request that replays it
   * @param lastCallId the caller's id of its last tool call
   */
  public record Conversation(String name, ChatRequest request, String lastCallId) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * The {@code @MethodSource} of a test run on every cell of the corpus: arguments {@code
   * (Conversation, family)}, {@link #byFamily()}.
   */
  public static final String BY_FAMILY = "dev.orchestrator.providers.history.Corpus#byFamily";

  private Corpus() {}

  /** Every history of {@link #all()} with every family of {@link StrictFamilies#FAMILIES}. */
  public static Stream<Arguments> byFamily() {
    List<Arguments> out = new ArrayList<>();
    for (Conversation c : all()) {
      for (String family : StrictFamilies.FAMILIES) {
        out.add(Arguments.of(c, family));
      }
    }
    return out.stream();
  }

  /** Every origin in every shape: 50 histories. */
  public static List<Conversation> all() {
    List<Conversation> out = new ArrayList<>();
    long seed = 1;
    for (Origin o : Origin.values()) {
      for (Shape s : Shape.values()) {
        out.add(history(o, s, seed++));
      }
    }
    return out;
  }

  /** A history of {@code origin} in {@code shape}; {@code seed} picks its ids and words. */
  public static Conversation history(Origin origin, Shape shape, long seed) {
    Random rnd = new Random(seed);
    Minter mint = new Minter(origin, rnd);
    ChatRequest.Builder b =
        ChatRequest.builder("agent/m")
            .tool(new ToolDefinition("weather", "Weather in a city", SCHEMA))
            .tool(new ToolDefinition("search", "Search the web", SCHEMA));
    b.system("You are a careful travel agent. Use tools.");
    b.user("Plan a day in Oslo: weather, museums, and a dinner place.");
    String last;
    switch (shape) {
      case PARALLEL -> {
        List<ToolCall> calls = mint.calls(3);
        b.message(assistant(origin, mint, calls, rnd));
        for (ToolCall c : calls) {
          b.message(ChatMessage.tool(c.id(), "{\"result\":\"" + word(rnd) + "\"}"));
        }
        last = calls.get(2).id();
      }
      case TWO_LOOPS -> {
        List<ToolCall> first = mint.calls(1);
        b.message(assistant(origin, mint, first, rnd));
        b.message(ChatMessage.tool(first.get(0).id(), "{\"temp\":21}"));
        b.message(ChatMessage.assistant("It is 21 C and sunny in Oslo."));
        b.user("And tomorrow in Bergen?");
        List<ToolCall> second = mint.calls(2);
        b.message(assistant(origin, mint, second, rnd));
        for (ToolCall c : second) {
          b.message(ChatMessage.tool(c.id(), "{\"temp\":17}"));
        }
        b.reasoningEffort(ReasoningEffort.LOW);
        last = second.get(1).id();
      }
      case LATE_SYSTEM -> {
        List<ToolCall> calls = mint.calls(2);
        b.message(assistant(origin, mint, calls, rnd));
        for (ToolCall c : calls) {
          b.message(ChatMessage.tool(c.id(), "{\"ok\":true}"));
        }
        b.system("Reminder: answer in metric units.");
        b.user("Summarise it.");
        last = calls.get(1).id();
      }
      case INTERRUPTED -> {
        List<ToolCall> calls = mint.calls(2);
        b.message(assistant(origin, mint, calls, rnd));
        for (ToolCall c : calls) {
          b.message(ChatMessage.tool(c.id(), "{\"open\":\"" + word(rnd) + "\"}"));
        }
        b.user("Stop there: only the museums, please.");
        last = calls.get(1).id();
      }
      default -> {
        List<ToolCall> calls = mint.calls(1);
        b.message(assistant(origin, mint, calls, rnd));
        b.message(ChatMessage.tool(calls.get(0).id(), "{\"temp\":21,\"sky\":\"clear\"}"));
        last = calls.get(0).id();
      }
    }
    return new Conversation(
        origin.name().toLowerCase() + "/" + shape.name().toLowerCase(), b.build(), last);
  }

  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}";

  private static final List<String> WORDS =
      List.of("fjord", "museum", "ferry", "harbour", "opera", "bakery", "trail", "market");

  private static String word(Random rnd) {
    return WORDS.get(rnd.nextInt(WORDS.size()));
  }

  /** The assistant turn that makes {@code calls}, as {@code origin} writes it. */
  private static ChatMessage assistant(
      Origin origin, Minter mint, List<ToolCall> calls, Random rnd) {
    ChatMessage.Builder m = ChatMessage.builder(Role.ASSISTANT);
    String thought = "The user wants " + word(rnd) + "; I should call the tools first.";
    switch (origin) {
      case ANTHROPIC -> {
        m.thinking(Thinking.of(thought, "EqQBCkgIARAB" + mint.alnum(40)));
        m.reasoningContent(thought);
        m.text("I'll look that up.");
      }
      case GEMINI -> {
        m.family("gemini");
        List<ToolCall> signed = new ArrayList<>(calls);
        signed.set(0, signed.get(0).withThoughtSignature("CiQB" + mint.alnum(48)));
        calls = signed;
      }
      case MISTRAL -> m.text("");
      case DEEPSEEK, MOONSHOT, OPENROUTER -> m.reasoningContent(thought);
      default -> {}
    }
    return m.toolCalls(calls).build();
  }

  /** Mints ids the way {@code origin} does. */
  private static final class Minter {
    private final Origin origin;
    private final Random rnd;
    private int n;

    Minter(Origin origin, Random rnd) {
      this.origin = origin;
      this.rnd = rnd;
    }

    String alnum(int length) {
      StringBuilder sb = new StringBuilder(length);
      for (int i = 0; i < length; i++) {
        sb.append(ALNUM.charAt(rnd.nextInt(ALNUM.length())));
      }
      return sb.toString();
    }

    List<ToolCall> calls(int count) {
      List<ToolCall> out = new ArrayList<>();
      if (origin == Origin.PER_ANSWER) {
        n = 0; // numbered per answer
      }
      for (int i = 0; i < count; i++) {
        String name = i % 2 == 0 ? "weather" : "search";
        out.add(new ToolCall(id(name), name, "{\"q\":\"" + word(rnd) + "\"}"));
      }
      return out;
    }

    private String id(String name) {
      int k = n++;
      return switch (origin) {
        case OPENAI -> "call_" + alnum(24);
        case ANTHROPIC -> "toolu_01" + alnum(22);
        case GEMINI -> "function-call-" + Math.abs(rnd.nextLong());
        case MISTRAL -> alnum(9);
        case DEEPSEEK -> "call_0" + k + "_" + alnum(24);
        case MOONSHOT -> "functions." + name + ":" + k;
        case GROQ -> "fc_" + alnum(8) + "-" + alnum(4) + "-" + alnum(4) + "-" + alnum(12);
        case OPENROUTER -> "toolu_vrtx_01" + alnum(22);
        case GATEWAY -> "call_" + alnum(40) + "|ts_" + Math.abs(rnd.nextInt()) + ":" + k;
        case PER_ANSWER -> "call_" + k;
      };
    }
  }
}
