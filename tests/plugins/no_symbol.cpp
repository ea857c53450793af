// A shared library that is not a plugin: it lacks the pluzzle_plugin symbol.
extern "C" __attribute__((visibility("default"))) int not_a_plugin_function() { return 42; }
