/**
 * The provider boundary: {@link dev.orchestrator.providers.HttpProviderClients} builds the HTTP
 * clients ({@link dev.orchestrator.providers.OpenAiChatClient}, {@link
 * dev.orchestrator.providers.AnthropicMessagesClient}, over {@code java.net.http}) that implement
 * the engine's {@link dev.orchestrator.engine.spi.ProviderClient}. Every failure leaves this
 * package classified by {@link dev.orchestrator.providers.classify.FailureClassifier}; {@code
 * simulation} holds the scripted loopback upstream.
 *
 * <p>Not API, under {@code internal}: {@code transport} runs one {@code java.net.http} exchange
 * (limits, bodies, transport faults), {@code wire} is the seam every wire format implements (with
 * the SSE decoder and stream assembly they share), and {@code openai} and {@code anthropic} are the
 * two wire formats.
 */
package dev.orchestrator.providers;
