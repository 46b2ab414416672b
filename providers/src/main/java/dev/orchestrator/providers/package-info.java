/**
 * The provider boundary: {@link dev.orchestrator.providers.HttpProviderClients} builds the HTTP
 * clients ({@link dev.orchestrator.providers.OpenAiChatClient}, {@link
 * dev.orchestrator.providers.AnthropicMessagesClient}, over {@code java.net.http}) that implement
 * the engine's {@link dev.orchestrator.engine.spi.ProviderClient}. Every failure leaves this
 * package classified by {@link dev.orchestrator.providers.classify.FailureClassifier}. Wire formats
 * live in {@code internal} packages and are not API.
 */
package dev.orchestrator.providers;
