package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Shared test values: providers, calls, tiny limits and a recording listener. */
public final class Fixtures {
  /** The placeholder key tests send; must never show up in a failure. */
  public static final String SECRET = "sk-test-9f8e7d6c5b4a3210";

  /** The variable holding {@link #SECRET}. */
  public static final String KEY_ENV = "TEST_API_KEY";

  private Fixtures() {}

  /** Limits small enough that no test waits long: 300 ms each. */
  public static AttemptLimits tinyLimits() {
    return AttemptLimits.uniform(Duration.ofMillis(300));
  }

  /** Generous limits for calls that should succeed. */
  public static AttemptLimits easyLimits() {
    return AttemptLimits.uniform(Duration.ofSeconds(5));
  }

  /** Clients whose only credential is {@link #SECRET} in {@link #KEY_ENV}. */
  public static HttpProviderClients clients() {
    return HttpProviderClients.builder()
        .credentials(Credentials.of(Map.of(KEY_ENV, SECRET)))
        .connectTimeout(Duration.ofSeconds(2))
        .build();
  }

  /** A provider needing {@link #KEY_ENV}. */
  public static Provider provider(String id, String baseUrl, Protocol protocol) {
    return Provider.of(id, baseUrl, protocol, List.of(KEY_ENV));
  }

  /** A route of {@code provider}. */
  public static Route route(String provider, String model) {
    return Route.builder(provider, model).build();
  }

  /** A one-message request. */
  public static ChatRequest request(boolean stream) {
    return ChatRequest.builder("p/m").user("Say hello").stream(stream).build();
  }

  /** A call with a listener when streaming. */
  public static ProviderCall call(
      Provider p, String model, boolean stream, AttemptLimits limits, Recorder listener) {
    return call(p, model, stream, limits, listener, new Cancellation());
  }

  /** A call with a listener when streaming, cancelled through {@code cancellation}. */
  public static ProviderCall call(
      Provider p,
      String model,
      boolean stream,
      AttemptLimits limits,
      Recorder listener,
      Cancellation cancellation) {
    return ProviderCall.of(p, route(p.id(), model), request(stream), limits)
        .withListener(listener)
        .withCancellation(cancellation);
  }

  /**
   * Sends {@code request} to route {@code model} of {@code p} through a fresh client, with {@code
   * listener} (or none) when it streams, within {@link #easyLimits()}.
   */
  public static AttemptOutcome send(
      Provider p, String model, ChatRequest request, StreamListener listener) {
    return clients()
        .clientFor(p)
        .send(
            ProviderCall.of(p, route(p.id(), model), request, easyLimits()).withListener(listener));
  }

  /**
   * An orchestrator exception of {@code type} (an {@link OrchestratorException.Type} name) with the
   * message "why", whose last failure has {@code category} (a {@link FailureCategory} name), or
   * none when {@code category} is {@code null}: the input of the frameworks' error mapping tables.
   */
  public static OrchestratorException exception(String type, String category) {
    ProviderFailure last =
        category == null
            ? null
            : ProviderFailure.of(
                FailureCategory.valueOf(category), false, ReachedModel.UNKNOWN, null, "why");
    return new OrchestratorException(
        OrchestratorException.Type.valueOf(type), "why", last, null, null);
  }

  /**
   * Asserts a row of a framework's error mapping table: {@code mapped}, what the framework adapter
   * made of {@code e}, is the exception class named {@code expected} and keeps {@code e}'s message
   * and {@code e} as its cause.
   */
  public static void assertMapped(
      OrchestratorException e, RuntimeException mapped, String expected) {
    assertThat(mapped.getClass().getSimpleName()).isEqualTo(expected);
    assertThat(mapped).hasMessage(e.getMessage()).hasCause(e);
  }

  /** Records what a stream delivered. Thread-safe enough for tests. */
  public static class Recorder implements StreamListener {
    /** Deltas in order. */
    public final List<String> deltas = Collections.synchronizedList(new ArrayList<>());

    /** Tool calls in order. */
    public final List<ToolCall> toolCalls = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onContent(String delta) {
      deltas.add(delta);
    }

    /** Tool-call fragments in order. */
    public final List<ToolCallDelta> fragments = Collections.synchronizedList(new ArrayList<>());

    /** Reasoning deltas, joined. */
    public final StringBuffer reasoning = new StringBuffer();

    /** Refusal deltas, joined. */
    public final StringBuffer refusal = new StringBuffer();

    /** The answer id from {@link #onResponseMetadata}, or {@code null}. */
    public volatile String id;

    @Override
    public void onResponseMetadata(String upstreamId, String systemFingerprint) {
      id = upstreamId;
    }

    @Override
    public void onRefusal(String delta) {
      refusal.append(delta);
    }

    @Override
    public void onToolCall(ToolCall call) {
      toolCalls.add(call);
    }

    @Override
    public void onToolCallDelta(ToolCallDelta delta) {
      fragments.add(delta);
    }

    @Override
    public void onReasoning(String delta) {
      reasoning.append(delta);
    }

    /** Everything delivered, joined. */
    public String text() {
      synchronized (deltas) {
        return String.join("", deltas);
      }
    }
  }
}
