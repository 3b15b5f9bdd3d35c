package dev.perfgate.check;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.perfgate.system.OutboundHttp;
import dev.perfgate.profile.ProfileSource;
import dev.perfgate.profile.PyroscopeClient;

/** One Pyroscope client for verdicts and pages, on the timed HTTP client so its calls show in PerfGate's metrics. */
@Configuration(proxyBeanMethods = false)
class PyroscopeConfiguration {

    @Bean
    ProfileSource pyroscope(OutboundHttp outbound) {
        return new PyroscopeClient(outbound.client("pyroscope", PyroscopeClient.httpBuilder(PyroscopeClient.DEFAULT_CONNECT_TIMEOUT)),
                PyroscopeClient.DEFAULT_REQUEST_TIMEOUT);
    }
}
