package dev.perfgate.system;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Instant;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * An instant the store and the pages can hold: from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.
 * Jackson reads instants a billion years away that the store's date type cannot convert (a 500 before).
 */
@Documented
@Constraint(validatedBy = StorableInstant.Check.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.TYPE_USE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface StorableInstant {

    Instant MIN = Instant.EPOCH;
    Instant MAX = Instant.parse("9999-12-31T23:59:59.999Z");

    String message() default "must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Null is valid: whether an instant is required is another constraint's business. */
    class Check implements ConstraintValidator<StorableInstant, Instant> {
        @Override
        public boolean isValid(Instant value, ConstraintValidatorContext context) {
            return value == null || isStorable(value);
        }

        public static boolean isStorable(Instant value) {
            return !value.isBefore(MIN) && !value.isAfter(MAX);
        }

        /** The instant, or a 400 naming the field and the range. */
        public static Instant require(String field, Instant value) {
            if (value != null && !isStorable(value)) {
                throw ApiException.badRequest(field + " must be between " + MIN + " and " + MAX + " (was " + value + ")");
            }
            return value;
        }
    }
}
