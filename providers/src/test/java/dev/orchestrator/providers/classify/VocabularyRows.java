package dev.orchestrator.providers.classify;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.AnnotationBasedArgumentsProvider;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.support.ParameterDeclarations;

/**
 * The rows of one provider family's table, {@code errors/vocabulary/<family>.jsonl}, as {@code (id,
 * row)} arguments of a parameterized test.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ArgumentsSource(VocabularyRows.Provider.class)
@interface VocabularyRows {

  /** The family, one of {@link ProviderVocabularyTest#FAMILIES}. */
  String value();

  /** Reads the family's file. */
  final class Provider extends AnnotationBasedArgumentsProvider<VocabularyRows> {
    @Override
    protected Stream<? extends Arguments> provideArguments(
        ParameterDeclarations parameters, ExtensionContext context, VocabularyRows rows) {
      return ProviderVocabularyTest.read(rows.value()).stream()
          .map(r -> Arguments.of(r.path("id").asText(), r));
    }
  }
}
