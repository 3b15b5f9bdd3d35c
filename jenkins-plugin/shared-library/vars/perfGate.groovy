// perfGate: records a load test at PerfGate and gates the build on its verdict, through the perfgate CLI.
// The shared-library alternative to the PerfGate Jenkins plugin: same parameters, same exit-code policy
// (decided by the CLI: 0 pass, 2 warn, 3 fail, 1 error), no plugin to install. See perfGate.txt.
//
//   perfGate(system: 'shop', workload: 'checkout', environment: 'perf', credentialsId: 'perfgate-token',
//            results: 'load-scripts/target/gatling', rampUp: 30) {
//       sh './mvnw -pl load-scripts gatling:test'
//   }
//   perfGate(system: 'shop', workload: 'checkout', environment: 'perf', credentialsId: 'perfgate-token',
//            results: 'load-scripts/target/gatling')          // results made by an earlier step

def call(Map args = [:], Closure body = null) {
    Map opts = [failOn: 'FAIL', inconclusive: 'GATE', timeout: 300, cli: env.PERFGATE_CLI ?: 'perfgate'] + args
    for (String name in ['system', 'workload', 'environment', 'credentialsId']) {
        if (!opts[name]) {
            error("perfGate: '${name}' is required")
        }
    }
    String url = opts.url ?: env.PERFGATE_URL
    if (!url) {
        error("perfGate: give 'url' or set PERFGATE_URL")
    }
    if (body == null && !opts.results) {
        error("perfGate: without a body, 'results' must point at results made by an earlier step")
    }
    String cli = "${opts.cli} "
    String connection = " --url ${q(url)}"
    String policy = " --timeout ${opts.timeout as long} --fail-on ${q(opts.failOn)} --inconclusive ${q(opts.inconclusive)}"
    String run = " --system ${q(opts.system)} --workload ${q(opts.workload)} --environment ${q(opts.environment)}" +
        (opts.runId ? " --run-id ${q(opts.runId)}" : '') +
        (opts.version ? " --version ${q(opts.version)}" : '') +
        (opts.rampUp ? " --ramp-up ${opts.rampUp as int}" : '')
    String results = (opts.results ? " --results ${q(opts.results)}" : '') +
        (opts.measures ?: [:]).collect { name, value -> " --measure ${q("${name}=${value}")}" }.join('')

    int status = 1
    // the CLI reads the token from PERFGATE_TOKEN: it never appears on a command line
    withCredentials([string(credentialsId: opts.credentialsId, variable: 'PERFGATE_TOKEN')]) {
        if (body == null) {
            status = sh(returnStatus: true, script: cli + 'report' + run + results + policy + connection)
            return
        }
        String idFile = ".perfgate-${opts.system}-${opts.workload}-${opts.environment}.run"
        if (sh(returnStatus: true, script: cli + 'start' + run + connection + " > ${q(idFile)}") != 0) {
            error('PerfGate: could not start the run (see the log above); the load test did not run')
        }
        String id = readFile(idFile).trim()
        try {
            body()
        } catch (failure) {
            long failedAt = System.currentTimeMillis()
            sh(returnStatus: true, script: cli + "end --run ${q(id)} --aborted --reason " +
                q("the load test failed: ${failure.message ?: failure}") + " --ended-at ${failedAt}" + connection)
            throw failure
        }
        long endedAt = System.currentTimeMillis()
        if (results && sh(returnStatus: true, script: cli + "upload --run ${q(id)}" + results + connection) != 0) {
            sh(returnStatus: true, script: cli + "end --run ${q(id)} --aborted --reason " +
                q('the results could not be uploaded') + " --ended-at ${endedAt}" + connection)
            error('PerfGate: could not upload the results (see the log above); the run was aborted')
        }
        if (sh(returnStatus: true, script: cli + "end --run ${q(id)} --ended-at ${endedAt}" + connection) != 0) {
            error('PerfGate: could not end the run (see the log above); not judged, so not passed')
        }
        status = sh(returnStatus: true, script: cli + "verdict --run ${q(id)}" + policy + connection)
    }
    switch (status) {
        case 0:
            return 'PASSED'
        case 2:
            unstable('PerfGate: the verdict is a warning (summary above)')
            return 'WARNED'
        case 3:
            error('PerfGate: the load test failed the performance gate (summary above)')
            break
        default:
            error("PerfGate: no verdict (perfgate exit code ${status}): see the log above; not judged, so not passed")
    }
}

/** Single-quotes a value for sh. */
static String q(Object value) {
    return "'" + String.valueOf(value).replace("'", "'\\''") + "'"
}
