package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Finish;
import dev.orchestrator.engine.chat.NativeAnswer;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.providers.internal.wire.Decoded;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import dev.orchestrator.providers.internal.wire.RequestHeaders;
import dev.orchestrator.providers.internal.wire.StreamAssembler;
import dev.orchestrator.providers.internal.wire.StreamSignal;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import dev.orchestrator.providers.internal.wire.WireSupport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenAI-compatible chat completions ({@code POST /chat/completions}). Answers and stream chunks
 * are read by data binding into {@link OpenAiDto} (one reader for both), so a field is added in one
 * place. Stateless, thread-safe.
 */
public final class OpenAiWire implements WireProtocol {

  /** The shared instance. */
  public static final OpenAiWire INSTANCE = new OpenAiWire();

  private static final ObjectReader COMPLETION = Json.MAPPER.readerFor(OpenAiDto.Completion.class);

  /** A whole JSON document: anything after it is not. */
  private static final ObjectReader WHOLE =
      Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private OpenAiWire() {}

  @Override
  public String path() {
    return "/chat/completions";
  }

  @Override
  public void authenticate(RequestHeaders request, String key) {
    if (key != null) {
      request.set("Authorization", "Bearer " + key);
    }
  }

  @Override
  public Protocol protocol() {
    return Protocol.OPENAI_CHAT;
  }

  @Override
  public byte[] encode(ChatRequest request, Route route) throws RequestEncodingException {
    return OpenAiRequests.encode(request, route);
  }

  @Override
  public Decoded decode(byte[] body, String fallbackModel, String headerRequestId) {
    OpenAiDto.Completion c = WireSupport.bind(COMPLETION, body, 0, body.length);
    if (c == null) {
      return Decoded.empty("the 200 body is not a JSON completion");
    }
    boolean noChoices = c.choices() == null || c.choices().isEmpty();
    if (WireSupport.present(c.error()) && noChoices) {
      return Decoded.inBandError(WireSupport.text(body, 0, body.length));
    }
    if (noChoices) {
      return Decoded.empty("no choices");
    }
    OpenAiDto.Choice choice = c.choices().get(0);
    if (choice != null && Finish.failed(choice.finishReason())) {
      // a gateway's upstream failed after the 200: the answer is an error, the classifier reads it
      return Decoded.inBandError(WireSupport.text(body, 0, body.length));
    }
    if (choice == null || choice.message() == null) {
      return Decoded.empty("the first choice has no message");
    }
    OpenAiDto.Message msg = choice.message();
    List<ToolCall> calls = new ArrayList<>();
    if (msg.toolCalls() != null) {
      for (OpenAiDto.ToolCall t : msg.toolCalls()) {
        if (t != null && t.function() != null && t.function().name() != null) {
          calls.add(
              new ToolCall(
                  t.id(), t.function().name(), t.function().arguments(), t.thoughtSignature()));
        }
      }
    }
    String model = c.model() == null || c.model().isBlank() ? fallbackModel : c.model();
    String unmodelled = msg.unmodelled();
    return Decoded.of(
        ChatResponse.builder(model)
            .nativeAnswer(
                unmodelled == null ? null : new NativeAnswer(Protocol.OPENAI_CHAT, unmodelled))
            .content(WireSupport.contentText(msg.content()))
            .toolCalls(calls)
            .finishReason(choice.finishReason())
            .usage(usage(c.usage()))
            .requestId(headerRequestId != null ? headerRequestId : c.id())
            .id(c.id())
            .systemFingerprint(c.systemFingerprint())
            .reasoningContent(reasoning(msg.reasoningContent(), msg.reasoning()))
            .refusal(msg.refusal())
            .logprobsJson(
                WireSupport.present(choice.logprobs()) ? choice.logprobs().toString() : null)
            .build());
  }

  /** {@code reasoning_content} (DeepSeek, vLLM) or {@code reasoning} (OpenRouter, Groq). */
  private static String reasoning(String reasoningContent, String reasoning) {
    return reasoningContent != null && !reasoningContent.isEmpty() ? reasoningContent : reasoning;
  }

  /**
   * OpenAI's usage, which the engine's {@link Usage} keeps as it is: the cache reads ({@code
   * prompt_tokens_details.cached_tokens}, else DeepSeek's {@code prompt_cache_hit_tokens}) and
   * writes (OpenRouter's {@code prompt_tokens_details.cache_write_tokens}) are parts of {@code
   * prompt_tokens}, the reasoning ({@code completion_tokens_details.reasoning_tokens}) part of
   * {@code completion_tokens}.
   */
  private static Usage usage(OpenAiDto.UsageDto u) {
    if (u == null) {
      return Usage.NONE;
    }
    int p = WireSupport.nonNegative(u.promptTokens());
    int c = WireSupport.nonNegative(u.completionTokens());
    int t = u.totalTokens() == null ? p + c : WireSupport.nonNegative(u.totalTokens());
    OpenAiDto.TokenDetails prompt = u.promptDetails();
    Integer cached = prompt == null ? null : prompt.cachedTokens();
    if (cached == null) {
      cached = u.promptCacheHitTokens();
    }
    Integer written = prompt == null ? null : prompt.cacheWriteTokens();
    Integer reasoning =
        u.completionDetails() == null ? null : u.completionDetails().reasoningTokens();
    return new Usage(
        p,
        c,
        t,
        WireSupport.nonNegativeOrNull(cached),
        WireSupport.nonNegativeOrNull(reasoning),
        WireSupport.nonNegativeOrNull(written));
  }

  @Override
  public StreamAssembler newAssembler(
      StreamListener listener, String fallbackModel, String headerRequestId) {
    return new Assembler(listener, fallbackModel, headerRequestId);
  }

  private static final class Assembler extends StreamAssembler {
    // A fragment's call: the wire's index, or (when a chunk gives none) its position in the chunk,
    // mapped to the assembler's own call, with the id last seen there. Some servers put every
    // call at one index, each whole in its own chunk under its own id: Gemini's OpenAI-compatible
    // endpoint gives no index, Ollama gives every call index 0. A fragment that names a function
    // under another id, where the call so far holds whole JSON arguments, is the next call; other
    // servers change the id between one call's pieces, which name nothing or come mid-arguments.
    private final Map<Integer, Integer> callAt = new HashMap<>();
    private final Map<Integer, String> idAt = new HashMap<>();
    private int calls;

    Assembler(StreamListener listener, String fallbackModel, String headerRequestId) {
      super(listener, fallbackModel, headerRequestId);
    }

    @Override
    protected StreamSignal handle(String event, byte[] data, int offset, int length) {
      if (WireSupport.trimmedEquals(data, offset, length, "[DONE]")) {
        return StreamSignal.DONE;
      }
      OpenAiDto.Completion chunk = WireSupport.bind(COMPLETION, data, offset, length);
      if (chunk == null) {
        return malformed("a stream event is not a JSON chunk");
      }
      if (WireSupport.present(chunk.error())) {
        return inBandError(WireSupport.text(data, offset, length));
      }
      if (chunk.id() != null && requestId == null) {
        requestId = chunk.id();
      }
      if (chunk.model() != null && servedModel == null) {
        servedModel = chunk.model();
      }
      if (chunk.systemFingerprint() != null && systemFingerprint == null) {
        systemFingerprint = chunk.systemFingerprint();
      }
      if (chunk.usage() != null) {
        usage = usage(chunk.usage());
      }
      if (chunk.choices() != null && !chunk.choices().isEmpty()) {
        OpenAiDto.Choice choice = chunk.choices().get(0);
        if (choice != null && Finish.failed(choice.finishReason())) {
          // the stream's last chunk says the upstream failed: an in-band error, read by the
          // classifier's rules like any other (its error object, else the finish reason itself)
          return inBandError(WireSupport.text(data, offset, length));
        }
        if (choice != null) {
          choice(choice);
        }
      }
      return StreamSignal.CONTINUE;
    }

    /** The assembler's call for fragment {@code t}, the {@code position}-th of its chunk. */
    private int callOf(OpenAiDto.ToolCall t, int position) {
      int index = t.index() != null ? t.index() : position;
      String id = t.id() == null || t.id().isEmpty() ? null : t.id();
      boolean named =
          t.function() != null && t.function().name() != null && !t.function().name().isEmpty();
      Integer call = callAt.get(index);
      String had = idAt.get(index);
      if (call == null || named && id != null && had != null && !had.equals(id) && whole(call)) {
        call = calls++;
        callAt.put(index, call);
      }
      if (id != null) {
        idAt.put(index, id);
      }
      return call;
    }

    /** Whether call {@code call} has a name and arguments that are a whole JSON object. */
    private boolean whole(int call) {
      ToolCallBuilder b = toolCall(call);
      if (b.name.length() == 0) {
        return false;
      }
      try {
        return WHOLE.readTree(b.arguments.toString()) instanceof ObjectNode;
      } catch (JsonProcessingException e) {
        return false;
      }
    }

    private void choice(OpenAiDto.Choice choice) {
      emitLogprobs(choice.logprobs()); // first, so a relay keeps them with this chunk's deltas
      OpenAiDto.Message d = choice.delta();
      if (d != null) {
        emitReasoning(reasoning(d.reasoningContent(), d.reasoning()));
        String unmodelled = d.unmodelled();
        if (unmodelled != null) {
          emitNativeDelta(Protocol.OPENAI_CHAT, unmodelled); // OpenRouter's reasoning_details
        }
        emitRefusal(d.refusal());
        emitContent(WireSupport.contentText(d.content()));
        if (d.toolCalls() != null) {
          int position = 0;
          for (OpenAiDto.ToolCall t : d.toolCalls()) {
            if (t == null) {
              continue;
            }
            ToolCallBuilder b = toolCall(callOf(t, position));
            position++;
            if (t.id() != null && !t.id().isEmpty()) {
              b.id = t.id();
            }
            if (t.thoughtSignature() != null) {
              b.thoughtSignature = t.thoughtSignature();
            }
            if (t.function() != null) {
              String n = t.function().name();
              if (n != null && !n.isEmpty() && b.name.length() == 0) {
                b.name.append(n);
              }
              String arguments = t.function().arguments(); // an object is written out each call
              if (arguments != null) {
                b.arguments.append(arguments);
              }
            }
            emitToolCallFragment(b);
          }
        }
      }
      if (choice.finishReason() != null && !choice.finishReason().isEmpty()) {
        finishReason = choice.finishReason();
        terminal();
        completeAllToolCalls();
      }
    }
  }
}
