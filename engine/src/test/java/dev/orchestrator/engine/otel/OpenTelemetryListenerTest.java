package dev.orchestrator.engine.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenTelemetryListenerTest {
  @Test
  void spansCarryStatusCodesAndErrorStatusForUpstreamNon2xx() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    FakeTime time = new FakeTime();
    ScriptedClient client = new ScriptedClient(time);
    client.script("a/m", ScriptedClient.fail(503, FailureCategory.SERVER_ERROR, false));
    Catalog c =
        Catalogs.virtualPool("v", Catalogs.priced("a", "m", 1000), Catalogs.priced("b", "m", 1000));
    TaskOrchestrator o =
        client
            .orchestrator()
            .catalog(c)
            .policy(OrchestratorPolicy.defaults())
            .listener(new OpenTelemetryListener(provider.get("test")))
            .build();
    o.chat(ChatRequest.builder("v").user("secret prompt").build());
    List<SpanData> spans = exporter.getFinishedSpanItems();
    // Attempts are model calls, named and attributed as the OpenTelemetry GenAI conventions say.
    assertThat(spans)
        .extracting(SpanData::getName)
        .containsExactly("chat m", "chat m", "orchestrator.chat");
    SpanData failed = spans.get(0);
    assertThat(failed.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(failed.getAttributes().get(OpenTelemetryListener.HTTP_STATUS)).isEqualTo(503L);
    assertThat(failed.getAttributes().get(OpenTelemetryListener.OPERATION)).isEqualTo("chat");
    assertThat(failed.getAttributes().get(OpenTelemetryListener.PROVIDER)).isEqualTo("a");
    assertThat(failed.getAttributes().get(OpenTelemetryListener.REQUEST_MODEL)).isEqualTo("m");
    assertThat(failed.getAttributes().get(OpenTelemetryListener.ROUTE)).isEqualTo("a/m");
    assertThat(failed.getAttributes().get(OpenTelemetryListener.ERROR_TYPE))
        .isEqualTo("server_error");
    assertThat(failed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    SpanData ok = spans.get(1);
    assertThat(ok.getAttributes().get(OpenTelemetryListener.HTTP_STATUS)).isEqualTo(200L);
    assertThat(ok.getAttributes().get(OpenTelemetryListener.PROVIDER)).isEqualTo("b");
    assertThat(ok.getAttributes().get(OpenTelemetryListener.ERROR_TYPE)).isNull();
    assertThat(ok.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
    SpanData root = spans.get(2);
    assertThat(failed.getParentSpanId()).isEqualTo(root.getSpanId());
    assertThat(root.getAttributes().get(OpenTelemetryListener.ROUTE)).isEqualTo("b/m");
    assertThat(root.getAttributes().get(OpenTelemetryListener.REQUEST_MODEL)).isEqualTo("v");
    // a pool of the config is reported as route reports it, whichever its kind
    assertThat(root.getAttributes().get(OpenTelemetryListener.POOL)).isEqualTo("group");
    assertThat(root.getAttributes().get(OpenTelemetryListener.PROVIDER)).isEqualTo("b");
    assertThat(root.getAttributes().get(OpenTelemetryListener.RESPONSE_MODEL)).isEqualTo("m");
    assertThat(root.getAttributes().get(OpenTelemetryListener.FINISH_REASONS))
        .containsExactly("stop");
    assertThat(spans.toString()).doesNotContain("secret prompt");
  }

  @Test
  void aRouteTriedInPanicModeIsNamedWithItsProviderAndModel() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    FakeTime time = new FakeTime();
    ScriptedClient client = new ScriptedClient(time);
    Catalog c =
        Catalogs.virtualPool(
            "v", Catalogs.priced("a", "m-a", 1000), Catalogs.priced("b", "m-b", 1000));
    TaskOrchestrator o =
        client
            .orchestrator()
            .catalog(c)
            .policy(OrchestratorPolicy.defaults())
            .listener(new OpenTelemetryListener(provider.get("test")))
            .build();
    // Both routes cool briefly: the plan admits neither, panic mode waits for a and sends it.
    o.health().coolDown("a/m-a", java.time.Duration.ofMillis(500));
    o.health().coolDown("b/m-b", java.time.Duration.ofSeconds(1));

    assertThat(o.chat(ChatRequest.builder("v").user("hi").build()).route()).isEqualTo("a/m-a");

    List<SpanData> spans = exporter.getFinishedSpanItems();
    assertThat(spans)
        .extracting(SpanData::getName)
        .containsExactly("chat m-a", "orchestrator.chat");
    assertThat(spans.get(0).getAttributes().get(OpenTelemetryListener.PROVIDER)).isEqualTo("a");
    SpanData root = spans.get(1);
    assertThat(root.getAttributes().get(OpenTelemetryListener.PROVIDER)).isEqualTo("a");
    assertThat(root.getAttributes().get(OpenTelemetryListener.RESPONSE_MODEL)).isEqualTo("m-a");
  }

  /**
   * An answer whose upstream reported no usage — no usage object, or one with no counts ({@code
   * "usage": {}}, read as zeros) — carries no token counts: zeros would be made up, and the metrics
   * listener records no sample for either.
   */
  @Test
  void anAnswerWithoutUsageCarriesNoTokenCounts() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    ScriptedClient client = new ScriptedClient(new FakeTime());
    client.script("a/m", ScriptedClient.ok("hi", new Usage(0, 0, 0)));
    client.script("b/m", ScriptedClient.ok("hi", new Usage(3, 5, 8)));
    TaskOrchestrator o =
        client
            .orchestrator()
            .catalog(Catalogs.of(Catalogs.priced("a", "m", 1000), Catalogs.priced("b", "m", 1000)))
            .policy(OrchestratorPolicy.defaults())
            .listener(new OpenTelemetryListener(provider.get("test")))
            .build();
    o.chat(ChatRequest.builder("a/m").user("hi").build());
    o.chat(ChatRequest.builder("b/m").user("hi").build());

    List<SpanData> roots =
        exporter.getFinishedSpanItems().stream()
            .filter(s -> s.getName().equals("orchestrator.chat"))
            .toList();
    assertThat(roots).hasSize(2);
    assertThat(roots.get(0).getAttributes().get(OpenTelemetryListener.INPUT_TOKENS)).isNull();
    assertThat(roots.get(0).getAttributes().get(OpenTelemetryListener.OUTPUT_TOKENS)).isNull();
    assertThat(roots.get(1).getAttributes().get(OpenTelemetryListener.INPUT_TOKENS)).isEqualTo(3L);
    assertThat(roots.get(1).getAttributes().get(OpenTelemetryListener.OUTPUT_TOKENS)).isEqualTo(5L);
  }

  @Test
  void aRequestEndingWithAForeignExceptionStillEndsItsSpan() {
    FakeTime time = new FakeTime();
    ScriptedClient client = new ScriptedClient(time);
    client.script("a/m", ScriptedClient.fail(503, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator.Builder b =
        TaskOrchestrator.builder()
            .providers(ProviderClients.single(client))
            .ticker(time)
            .sleeper(
                (nanos, cancel) -> {
                  throw new IllegalStateException("a broken sleeper");
                });
    // The exit is not an OrchestratorException: the request's span is ended all the same, so a
    // pooled thread never keeps it.
    SpanData root = rootSpanOf(b, IllegalStateException.class);
    assertThat(root.getAttributes().get(OpenTelemetryListener.ERROR_TYPE))
        .isEqualTo(IllegalStateException.class.getName());
  }

  @Test
  void aProviderClientThatThrowsEndsTheRequestSpanAsAFailedRequest() {
    TaskOrchestrator.Builder b =
        TaskOrchestrator.builder()
            .providers(
                ProviderClients.single(
                    call -> {
                      throw new UnsupportedOperationException("a client bug");
                    }));
    // The engine turns a throwing client into a failed attempt; the caller gets an outcome.
    SpanData root = rootSpanOf(b, OrchestratorException.class);
    assertThat(root.getAttributes().get(OpenTelemetryListener.ERROR_TYPE))
        .isEqualTo("backend_unavailable");
  }

  @Test
  void aRequestForAnUnknownModelIsASpanWithErrorTypeModelNotFound() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .providers(ProviderClients.single(call -> fail("no route is called")))
            .catalog(Catalogs.of(Catalogs.priced("a", "m", 1000)))
            .credentials(Credentials.constant("k"))
            .listener(new OpenTelemetryListener(provider.get("test")))
            .build();

    assertThatThrownBy(() -> o.chat(ChatRequest.builder("a/mm").user("hi").build()))
        .isExactlyInstanceOf(UnknownModelException.class);

    // refused before any plan, it is still a request: one span, as the exception says it
    List<SpanData> spans = exporter.getFinishedSpanItems();
    assertThat(spans).extracting(SpanData::getName).containsExactly("orchestrator.chat");
    SpanData root = spans.get(0);
    assertThat(root.getAttributes().get(OpenTelemetryListener.ERROR_TYPE))
        .isEqualTo("model_not_found");
    assertThat(root.getAttributes().get(OpenTelemetryListener.REQUEST_MODEL)).isEqualTo("a/mm");
    assertThat(root.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }

  /** Runs one request that must throw {@code thrown} unchanged; returns its finished chat span. */
  private static SpanData rootSpanOf(
      TaskOrchestrator.Builder b, Class<? extends RuntimeException> thrown) {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    TaskOrchestrator o =
        b.catalog(Catalogs.of(Catalogs.priced("a", "m", 1000)))
            .credentials(Credentials.constant("k"))
            .listener(new OpenTelemetryListener(provider.get("test")))
            .build();
    assertThatThrownBy(() -> o.chat(ChatRequest.builder("a/m").user("hi").build()))
        .isExactlyInstanceOf(thrown);
    List<SpanData> chat =
        exporter.getFinishedSpanItems().stream()
            .filter(s -> s.getName().equals("orchestrator.chat"))
            .toList();
    assertThat(chat).hasSize(1);
    assertThat(chat.get(0).getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    return chat.get(0);
  }
}
