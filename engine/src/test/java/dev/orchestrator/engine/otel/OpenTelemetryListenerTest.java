package dev.orchestrator.engine.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
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
        Catalogs.of(Catalogs.priced("a", "m", 1000), Catalogs.priced("b", "m", 1000)).toBuilder()
            .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
            .build();
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(c)
            .providers(ProviderClients.single(client))
            .credentials(Credentials.constant("k"))
            .policy(OrchestratorPolicy.defaults())
            .ticker(time)
            .sleeper(time)
            .listener(new OpenTelemetryListener(provider.get("test")))
            .build();
    o.chat(ChatRequest.builder("v").user("secret prompt").build());
    List<SpanData> spans = exporter.getFinishedSpanItems();
    assertThat(spans)
        .extracting(SpanData::getName)
        .containsExactly("orchestrator.attempt", "orchestrator.attempt", "orchestrator.chat");
    SpanData failed = spans.get(0);
    assertThat(failed.getAttributes().get(OpenTelemetryListener.HTTP_STATUS)).isEqualTo(503L);
    assertThat(failed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    SpanData ok = spans.get(1);
    assertThat(ok.getAttributes().get(OpenTelemetryListener.HTTP_STATUS)).isEqualTo(200L);
    assertThat(ok.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
    SpanData root = spans.get(2);
    assertThat(failed.getParentSpanId()).isEqualTo(root.getSpanId());
    assertThat(root.getAttributes().get(OpenTelemetryListener.ROUTE)).isEqualTo("b/m");
    assertThat(spans.toString()).doesNotContain("secret prompt");
  }

  @Test
  void aRequestEndingWithAForeignExceptionStillEndsItsSpan() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    FakeTime time = new FakeTime();
    ScriptedClient client = new ScriptedClient(time);
    client.script("a/m", ScriptedClient.fail(503, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(Catalogs.of(Catalogs.priced("a", "m", 1000)))
            .providers(ProviderClients.single(client))
            .credentials(Credentials.constant("k"))
            .ticker(time)
            .sleeper(
                (nanos, cancel) -> {
                  throw new IllegalStateException("a broken sleeper");
                })
            .listener(new OpenTelemetryListener(provider.get("test")))
            .build();
    // The exit is not an OrchestratorException: the request's span is ended all the same, so a
    // pooled thread never keeps it.
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> o.chat(ChatRequest.builder("a/m").user("hi").build()))
        .isInstanceOf(IllegalStateException.class);
    SpanData root = exporter.getFinishedSpanItems().get(1);
    assertThat(root.getName()).isEqualTo("orchestrator.chat");
    assertThat(root.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }
}
