package dev.perfgate.alert;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where an alert is: waiting (maybe for a retry), being sent under a lease, sent, or given up. */
enum AlertStatus {
    @JsonProperty("pending") PENDING,
    @JsonProperty("sending") SENDING,
    @JsonProperty("sent") SENT,
    @JsonProperty("failed") FAILED
}
