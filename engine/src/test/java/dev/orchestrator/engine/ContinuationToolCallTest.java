package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.priced;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A partial answer with a tool call is not continued (docs/design.md §5, ADR 0014): not after the
 * first cut, and not after a continuation attempt that itself streamed a tool call before it was
 * cut — the caller already holds part of a tool call that no other route can finish. A tool stop
 * met while continuing is terminal, as everywhere (docs/design.md §6).
 */
class ContinuationToolCallTest {
  private final FakeTime time = new FakeTime();
  private final List<String> calls = new ArrayList<>();
  private volatile boolean stopOnB;

  /** a cuts after text; b, asked to continue, streams part of a tool call and cuts; c answers. */
  private final ProviderClient client =
      new ProviderClient() {
        @Override
        public synchronized AttemptOutcome send(ProviderCall call) {
          String route = call.route().id();
          calls.add(route);
          time.advance(Duration.ofMillis(5));
          StreamListener l = call.listener();
          switch (route) {
            case "a/m" -> {
              l.onContent("Hello ");
              return cut();
            }
            case "b/m" -> {
              if (stopOnB) {
                // an agent backend's fail-closed tool stop, before any output of its own
                return new AttemptOutcome.Failed(
                    ProviderFailure.of(
                        FailureCategory.TOOL_EXECUTION_STOPPED,
                        false,
                        ReachedModel.YES,
                        null,
                        "tool run stopped"),
                    false);
              }
              l.onToolCallDelta(new ToolCallDelta(0, "call_1", "search", "{\"q\":"));
              return cut();
            }
            default -> {
              return new AttemptOutcome.Succeeded(
                  new ChatResponse("world", List.of(), "stop", new Usage(3, 5, 8), "m", null));
            }
          }
        }
      };

  private static AttemptOutcome cut() {
    return new AttemptOutcome.Failed(
        ProviderFailure.of(
            FailureCategory.CONNECTION_FAILED,
            true,
            ReachedModel.YES,
            TransportFault.STREAM_TRUNCATED,
            "stream cut"),
        true);
  }

  private TaskOrchestrator orchestrator() {
    Catalog catalog =
        Catalogs.of(
                priced("a", "m", 8000),
                priced("b", "m", 8000, Capability.PREFILL),
                priced("c", "m", 8000, Capability.PREFILL))
            .toBuilder()
            .pool(new Pool("abc", PoolKind.VIRTUAL, List.of("a/m", "b/m", "c/m")))
            .build();
    return ScriptedClient.orchestrator(client, time)
        .catalog(catalog)
        .policy(OrchestratorPolicy.builder().seed(11L).streamContinuation(true).build())
        .build();
  }

  @Test
  void aContinuationThatStreamedAToolCallIsNotContinuedByAnotherRoute() {
    List<Object> received = new ArrayList<>();
    StreamListener listener =
        new StreamListener() {
          @Override
          public void onContent(String delta) {
            received.add(delta);
          }

          @Override
          public void onToolCallDelta(ToolCallDelta delta) {
            received.add(delta);
          }
        };

    assertThatThrownBy(
            () -> orchestrator().stream(ChatRequest.builder("abc").user("hi").build(), listener))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> assertThat(e.type()).isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED));
    assertThat(calls).containsExactly("a/m", "b/m");
    assertThat(received).doesNotContain("world");
  }

  @Test
  void aToolStopInAContinuationIsTerminalNotContinuedByAnotherRoute() {
    stopOnB = true;

    assertThatThrownBy(
            () -> orchestrator().stream(ChatRequest.builder("abc").user("hi").build(), d -> {}))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> assertThat(e.type()).isEqualTo(OrchestratorException.Type.TOOL_EXECUTION_STOPPED));
    assertThat(calls).containsExactly("a/m", "b/m");
  }
}
