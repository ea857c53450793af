// image_module_test.cpp -- the screenshot reader is a module the plugin opens from beside its own file on the first
// import_image (image_module.hpp). Code that holds loop_core without the module beside it (this test program:
// build/bin has no pluzzle_loop.d/) gets an error naming the missing file, never a crash, and asking again gives
// the same error rather than a half-initialised reader.
#include "image_import.hpp"
#include "image_module.hpp"

#include <gtest/gtest.h>

#include <pluzzle/error.hpp>

#include <string>

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
