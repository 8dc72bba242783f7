#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT/SIGTERM/SIGHUP handling on a dedicated thread with `sigwait` (no async-signal-safety limits).
///
/// First signal: the batch stops taking inputs, in-flight files are abandoned, the summary is
/// printed, exit 130/143/129. Second signal (or any signal before the batch starts): remove live
/// temporaries and exit at once. SIGHUP (closed terminal, dropped ssh) would otherwise kill the
/// process and leave temporaries; it is a stop like SIGTERM, unless it was ignored when the
/// process started (`nohup`), which is respected.
enum SignalWatcher {
    static let watched: [Int32] = isIgnored(SIGHUP) ? [SIGINT, SIGTERM] : [SIGINT, SIGTERM, SIGHUP]

    /// Whether `signal` was set to SIG_IGN by whoever started the process.
    private static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Blocks the watched signals in the calling thread and every thread it creates later;
    /// call first thing in main. Also ignores SIGPIPE (EPIPE is handled where it happens) and
    /// SIGXFSZ (past `ulimit -f` a write fails with EFBIG: a per-file error, not a killed batch).
    static func blockSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in watched { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    static func start(control: BatchControl, temporaries: TemporaryFiles) {
        let context = Unmanaged.passRetained(Context(control: control, temporaries: temporaries)).toOpaque()
        var thread = pthread_t()
        pthread_create(&thread, nil, { raw in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
            context.loop()
        }, context)
        pthread_detach(thread)
    }

    private final class Context: Sendable {
        let control: BatchControl
        let temporaries: TemporaryFiles
        init(control: BatchControl, temporaries: TemporaryFiles) {
            self.control = control
            self.temporaries = temporaries
        }

        func loop() -> Never {
            var set = sigset_t()
            sigemptyset(&set)
            for s in SignalWatcher.watched { sigaddset(&set, s) }
            while true {
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                let status = 128 + received
                if !control.isRunning || !control.requestStop(status: status) {
                    temporaries.removeAllAndExit(status: status)
                }
            }
        }
    }
}
