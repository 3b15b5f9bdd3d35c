// A stand-in for the few Pipeline steps vars/perfGate.groovy uses (sh, readFile, withCredentials, string,
// unstable, error), recording every call, so the library's logic runs without Jenkins.
// Loaded and driven by SharedLibraryTest (jenkins-plugin/client); the harness class comes first in this file.

class PipelineHarness {
    /** Every step call, in order, e.g. "sh: perfgate start …", "unstable: …", "body". */
    List<String> steps = []
    /** The token each sh saw in PERFGATE_TOKEN. */
    List<String> tokensSeen = []
    Map<String, String> env = [BUILD_NUMBER: '42', PERFGATE_URL: 'https://perfgate.example.com']
    /** The exit code of each CLI subcommand; 0 when not set. */
    Map<String, Integer> exitCodes = [:]
    private final Map<String, String> files = [:]
    private final Script library

    /** @param script the compiled vars/perfGate.groovy */
    PipelineHarness(Class<? extends Script> script) {
        Binding binding = new Binding()
        binding.setVariable('env', env)
        binding.setVariable('sh', { Map args -> sh(args) })
        binding.setVariable('readFile', { String path -> files[path] })
        binding.setVariable('string', { Map args -> [type: 'string'] + args })
        binding.setVariable('withCredentials', { List bindings, Closure body -> withCredentials(bindings, body) })
        binding.setVariable('unstable', { String message -> steps << "unstable: ${message}".toString() })
        binding.setVariable('error', { String message ->
            steps << "error: ${message}".toString()
            throw new PipelineError(message)
        })
        library = script.getDeclaredConstructor().newInstance()
        library.binding = binding
    }

    /** perfGate(args) without a body. */
    Object perfGate(Map args) {
        library.invokeMethod('call', [args] as Object[])
    }

    /** perfGate(args) { load test }, the load test failing when told to. */
    Object perfGateAround(Map args, boolean loadTestFails) {
        library.invokeMethod('call', [args, {
            steps << 'body'
            if (loadTestFails) {
                throw new IllegalStateException('script returned exit code 2')
            }
        }] as Object[])
    }

    private int sh(Map args) {
        assert args.returnStatus == true: 'every sh of the library takes the exit status'
        String script = args.script
        steps << "sh: ${script}".toString()
        tokensSeen << env.PERFGATE_TOKEN
        String subcommand = script.split(' ')[1]
        int code = exitCodes.getOrDefault(subcommand, 0)
        def redirect = script =~ /> '([^']+)'$/
        if (subcommand == 'start' && code == 0 && redirect.find()) {
            files[redirect.group(1)] = '6b030a6c3ed3f8b15010e514\n'
        }
        return code
    }

    private void withCredentials(List bindings, Closure body) {
        steps << "withCredentials: ${bindings.collect { it.credentialsId }.join(', ')}".toString()
        String variable = bindings[0].variable
        env[variable] = 'secret-token'
        try {
            body()
        } finally {
            env.remove(variable)
        }
    }
}

/** What the error step throws: in Jenkins an AbortException that ends the step. */
class PipelineError extends RuntimeException {
    PipelineError(String message) { super(message) }
}
