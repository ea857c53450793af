// image_module_test.cpp -- the screenshot reader is a module the plugin opens from beside its own file on the first
// import_image (image_module.hpp). Code that holds loop_core without the module beside it (this test program:
// build/bin has no pluzzle_loop.d/) gets an error naming the missing file, never a crash, and asking again gives
// the same error rather than a half-initialised reader.
#include "image_import.hpp"
#include "image_module.hpp"

#include <gtest/gtest.h>

#include <pluzzle/error.hpp>

#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

TEST(LoopImageModule, AMissingModuleIsAnErrorNamingItsFile) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        try {
            loop::import_image("not read: the module is missing", pluzzle::Params{});
            FAIL() << "import_image answered without its module";
        } catch (const pluzzle::Error &e) {
            EXPECT_EQ(e.code(), PZ_ERR_INTERNAL);
            EXPECT_NE(std::string(e.what()).find(loop::image_module_file), std::string::npos) << e.what();
        }
    }
}

// The module is code the plugin loads on its own, from a folder the host never checked: it is refused, naming the
// file or folder, when another user could have put it there (as the host refuses such a plugin folder).
TEST(LoopImageModule, AModuleOtherUsersCouldHaveWrittenIsRefused) {
    const std::string dir = ::testing::TempDir() + "/loop-module-trust-" + std::to_string(::getpid());
    const std::string file = dir + "/pluzzle_loop_image.so";
    ASSERT_EQ(::mkdir(dir.c_str(), 0755), 0);
    { std::ofstream(file) << "not a library"; }
    ::chmod(file.c_str(), 0644);
    EXPECT_EQ(loop::untrusted_module_problem(dir), "");
    EXPECT_EQ(loop::untrusted_module_problem(file), "");
    EXPECT_EQ(loop::untrusted_module_problem(dir + "/missing.so"), ""); // dlopen names a missing file itself
    ::chmod(file.c_str(), 0666);
    EXPECT_EQ(loop::untrusted_module_problem(file), file + " is writable by other users");
    ::chmod(dir.c_str(), 0775);
    EXPECT_EQ(loop::untrusted_module_problem(dir), dir + " is writable by other users");
    ::chmod(file.c_str(), 0644), ::chmod(dir.c_str(), 0755);
    if (::geteuid() == 0) { // only root can give a file away
        ASSERT_EQ(::chown(file.c_str(), 65534, 65534), 0);
        EXPECT_EQ(loop::untrusted_module_problem(file), file + " belongs to another user");
    }
    ::unlink(file.c_str());
    ::rmdir(dir.c_str());
}
